import { rateFor } from '../../balance/rates.ts';
import type { ChatDeps } from '../deps.ts';

/** What a run used, summed over its model calls. */
export interface RunUsage {
  inputTokens: number;
  outputTokens: number;
  /** The first call's prompt tokens: the user message's token count. */
  firstInput: number | null;
  credits: number;
  toolCalls: number;
  /** Calls not charged yet (balances off): the reply's save transaction charges them. */
  uncharged: { model: string; inputTokens: number; outputTokens: number }[];
}

export const emptyUsage = (): RunUsage => ({
  inputTokens: 0,
  outputTokens: 0,
  firstInput: null,
  credits: 0,
  toolCalls: 0,
  uncharged: [],
});

/** Credits the balance takes for this usage (balance/service.ts charge rounds each kind up). */
export function creditsFor(model: string, input: number, output: number, rates?: ChatDeps['rates']): number {
  const rate = rateFor(model, rates);
  return Math.ceil(input * rate.prompt) + Math.ceil(output * rate.completion);
}

/**
 * Charge one model call. With balances on it is paid at once, in its own transaction, so the next
 * step can be refused when the balance runs out; with them off only the ledger needs it, and the
 * reply's save transaction writes it (one transaction per reply, as a plain chat's).
 */
export async function chargeStep(
  deps: Pick<ChatDeps, 'db' | 'balance' | 'rates'>,
  ids: { userId: string; conversationId: string; messageId: string },
  model: string,
  input: number,
  output: number,
  usage: RunUsage,
): Promise<void> {
  usage.inputTokens += input;
  usage.outputTokens += output;
  usage.firstInput ??= input;
  usage.credits += creditsFor(model, input, output, deps.rates);
  if (input + output === 0) return;
  if (!deps.balance.enabled) {
    usage.uncharged.push({ model, inputTokens: input, outputTokens: output });
    return;
  }
  await deps.db
    .transaction()
    .execute((trx) =>
      deps.balance.charge(trx, { ...ids, model, inputTokens: input, outputTokens: output }, deps.rates),
    );
}

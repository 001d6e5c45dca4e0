import { randomUUID } from 'node:crypto';
import {
  type ChatError,
  type ContentPart,
  type Conversation,
  chatErrorText,
  type ErrorFrame,
  type FinalFrame,
  type Message,
  textChatError,
} from '@parley/schema';
import { createRepos } from '../db/repos/index.ts';
import type { AgentRunsTable, MessageRow } from '../db/schema.ts';
import type { Generation } from '../generation/store.ts';
import { presentConversation } from '../presenters/conversation.ts';
import { presentMessage } from '../presenters/message.ts';
import type { StreamEvent } from '../providers/stream.ts';
import type { ProviderReplay } from './agent/prompt-steps.ts';
import { creditsFor, type RunUsage } from './agent/usage.ts';
import { partsText } from './content-builder.ts';
import { estimateTokens } from './context-window.ts';
import type { ChatDeps } from './deps.ts';
import type { Prompt } from './prompt.ts';
import type { RunContext } from './run-context.ts';

/** The conversation was deleted while its reply was generating. */
class ConversationGone extends Error {}
const CONVERSATION_GONE_TEXT = 'This conversation was deleted while the reply was being written.';
const SAVE_FAILED_TEXT = 'The reply could not be saved. Please try again.';

/** How the provider call ended. */
export interface Outcome {
  /** The reply's content parts (a continued reply's saved parts first). */
  parts: ContentPart[];
  error: ChatError | null;
  /** The user stopped the reply. */
  aborted: boolean;
  /** The provider's finish event, when one came. */
  finish: Extract<StreamEvent, { type: 'finish' }> | null;
  /** The prompt, once it was prepared: usage is charged only for a request that got that far. */
  prompt: Pick<Prompt, 'promptEstimate' | 'contextDropped' | 'citations'> | null;
  /** An agent loop's usage, summed over its steps, each already charged (chat/agent/usage.ts). */
  agent?: RunUsage & { charged: true };
  /** An agent loop's signed thinking and call data, kept (unshown) so a resumed run resends them. */
  replay?: ProviderReplay;
}

/**
 * An error frame: the typed error, plus its LibreChat text in `message` for clients that read
 * that (doc 2 §8.3).
 */
export function errorFrame(
  error: ChatError,
  saved?: { responseMessage: Message; conversation: Conversation },
): ErrorFrame {
  return { error: true, message: chatErrorText(error), chatError: error, ...saved };
}

/**
 * The reply row as it is stored. An error is written in LibreChat's text form (JSON in the text
 * and in an error part), which imports and older rows share; this is the one place a chat error
 * becomes stored text.
 */
export function replyRow(ctx: RunContext, outcome: Outcome, now: number): MessageRow {
  const { parts, aborted, finish } = outcome;
  const errorText = outcome.error ? chatErrorText(outcome.error) : null;
  const text = partsText(parts);
  const finishReason = finish?.finishReason ?? null;
  return {
    ...ctx.placeholder,
    text: errorText ?? text,
    // A reply that failed mid-stream keeps what arrived, followed by the error.
    content:
      parts.length === 0
        ? null
        : JSON.stringify(errorText ? [...parts, { type: 'error', error: errorText }] : parts),
    error: errorText ? 1 : 0,
    // A stream that ended without the provider saying why (cut off upstream: the SDK reports
    // `other`, or nothing) is incomplete too.
    unfinished: aborted || (!errorText && (finishReason === null || finishReason === 'other')) ? 1 : 0,
    finish_reason: aborted ? 'abort' : errorText ? 'error' : finishReason,
    token_count: finish?.outputTokens ?? (!errorText && text ? estimateTokens(text) : null),
    metadata: replyMetadata(outcome.prompt, outcome.replay),
    updated_at: now,
  };
}

/**
 * What the reply keeps of its prompt: turns left out, and the passages it may cite; and an agent's
 * thinking and call data for the provider (server-side only: the presenter shows no signature).
 */
function replyMetadata(prompt: Outcome['prompt'], replay?: ProviderReplay): string | null {
  if (!prompt) return null;
  const { contextDropped, citations } = prompt;
  const keep = !!replay && Object.keys(replay.reasoning).length + Object.keys(replay.calls).length > 0;
  if (!contextDropped && citations.length === 0 && !keep) return null;
  return JSON.stringify({
    ...(contextDropped ? { contextDropped } : {}),
    ...(citations.length > 0 ? { citations } : {}),
    ...(keep ? { replay } : {}),
  });
}

/** The agent_runs row of a reply: the loop's sums, or a plain call's usage. */
function agentRun(
  ctx: RunContext,
  gen: Generation,
  response: MessageRow,
  outcome: Outcome,
  rates: ChatDeps['rates'],
): AgentRunsTable {
  const usage = outcome.agent;
  const charged = !outcome.error;
  const input =
    usage?.inputTokens ??
    (charged ? (outcome.finish?.inputTokens ?? outcome.prompt?.promptEstimate ?? 0) : 0);
  const output = usage?.outputTokens ?? (charged ? (response.token_count ?? 0) : 0);
  return {
    id: randomUUID(),
    agent_id: ctx.agent!.id,
    user_id: gen.userId,
    conversation_id: gen.conversationId,
    message_id: response.message_id,
    input_tokens: input,
    output_tokens: output,
    credits: usage?.credits ?? creditsFor(ctx.model, input, output, rates),
    tool_calls: usage?.toolCalls ?? 0,
    created_at: response.updated_at,
  };
}

/**
 * Last step of a run: save the reply, charge its usage and mark the conversation active, in one
 * transaction. Returns the frame that ends the generation's log: `final`, or an error frame.
 */
export async function saveReply(
  deps: ChatDeps,
  gen: Generation,
  ctx: RunContext,
  outcome: Outcome,
): Promise<FinalFrame | ErrorFrame> {
  const now = Date.now();
  const response = replyRow(ctx, outcome, now);
  const { error, prompt } = outcome;
  try {
    const conversation = await deps.db.transaction().execute(async (trx) => {
      const repos = createRepos(trx);
      // Deleted (or purged) while the reply streamed: nothing is saved or charged.
      if (!(await repos.conversations.get(gen.userId, gen.conversationId))) throw new ConversationGone();
      if (ctx.continued) await repos.messages.replace(gen.userId, response);
      else await repos.messages.insert(response);
      const loop = outcome.agent;
      if (loop && prompt) {
        // The loop charged each step as it ran; the user message gets the first call's prompt.
        if (loop.firstInput !== null)
          await repos.messages.setTokenCount(gen.userId, ctx.userMessage.message_id, loop.firstInput);
        const ids = {
          userId: gen.userId,
          conversationId: gen.conversationId,
          messageId: response.message_id,
        };
        for (const step of loop.uncharged) await deps.balance.charge(trx, { ...ids, ...step }, deps.rates);
      } else if (prompt && !error) {
        // Usage, as the provider reported it (or estimated when it did not), on both messages and
        // in the ledger; nothing is charged for a request that never reached the model.
        const input = outcome.finish?.inputTokens ?? prompt.promptEstimate;
        await repos.messages.setTokenCount(gen.userId, ctx.userMessage.message_id, input);
        await deps.balance.charge(
          trx,
          {
            userId: gen.userId,
            conversationId: gen.conversationId,
            messageId: response.message_id,
            model: ctx.model,
            inputTokens: input,
            outputTokens: response.token_count ?? 0,
          },
          deps.rates,
        );
      }
      // Every run of an agent leaves a row for its author's usage figures.
      if (ctx.agent && !ctx.agent.ephemeral && prompt)
        await repos.agents.recordRun(agentRun(ctx, gen, response, outcome, deps.rates));
      // The run's settings were saved with the user message (submit.ts); only activity is left.
      return repos.conversations.update(gen.userId, gen.conversationId, { updated_at: now });
    });
    const convo = presentConversation(conversation ?? ctx.conversation);
    const responseMessage = presentMessage(response);
    if (error) return errorFrame(error, { responseMessage, conversation: convo });
    return {
      final: true,
      conversation: convo,
      requestMessage: presentMessage(ctx.userMessage),
      responseMessage,
    };
  } catch (failure) {
    if (failure instanceof ConversationGone) return errorFrame(textChatError(CONVERSATION_GONE_TEXT));
    deps.log.error({ err: failure }, 'saving the reply failed');
    return errorFrame(textChatError(SAVE_FAILED_TEXT));
  }
}

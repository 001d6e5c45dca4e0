import { randomUUID } from 'node:crypto';
import type { Balance } from '@parley/schema';
import type { BalanceConfig } from '../config/yaml.ts';
import type { Db } from '../db/index.ts';
import { rateFor } from './rates.ts';

const UNIT_MS: Record<BalanceConfig['refillIntervalUnit'], number> = {
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 7 * 86_400_000,
  months: 30 * 86_400_000,
};

export interface Usage {
  userId: string;
  conversationId: string;
  messageId: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
}

/** Token credits: a row per user created with `startBalance`, refilled when due, charged per reply. */
export function balanceService(cfg: BalanceConfig) {
  const intervalMs = cfg.refillIntervalValue * UNIT_MS[cfg.refillIntervalUnit];

  /**
   * Add credits (a negative amount takes them away) with their `credits` ledger row, inside the
   * caller's transaction: refills and admin adjustments. `fields` are other balance columns to set.
   */
  async function credit(
    trx: Db,
    userId: string,
    amount: number,
    fields: { last_refill?: number } = {},
    now = Date.now(),
  ): Promise<void> {
    await trx
      .updateTable('balances')
      .set((eb) => ({ token_credits: eb('token_credits', '+', amount), ...fields, updated_at: now }))
      .where('user_id', '=', userId)
      .execute();
    await trx
      .insertInto('transactions')
      .values({
        id: randomUUID(),
        user_id: userId,
        conversation_id: null,
        message_id: null,
        token_type: 'credits',
        model: null,
        raw_amount: amount,
        rate: 1,
        token_value: amount,
        created_at: now,
      })
      .execute();
  }

  async function current(db: Db, userId: string) {
    const now = Date.now();
    let row = await db.selectFrom('balances').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row) {
      row = { user_id: userId, token_credits: cfg.startBalance, last_refill: now, updated_at: now };
      await db
        .insertInto('balances')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    } else if (cfg.autoRefillEnabled && cfg.refillAmount > 0 && (row.last_refill ?? 0) + intervalMs <= now) {
      await db
        .transaction()
        .execute((trx) => credit(trx, userId, cfg.refillAmount, { last_refill: now }, now));
      row = { ...row, token_credits: row.token_credits + cfg.refillAmount, last_refill: now };
    }
    return row;
  }

  return {
    enabled: cfg.enabled,
    /** What a user without a balance row yet will start with. */
    startBalance: cfg.startBalance,

    async get(db: Db, userId: string): Promise<Balance> {
      const row = await current(db, userId);
      return {
        tokenCredits: row.token_credits,
        autoRefillEnabled: cfg.autoRefillEnabled,
        ...(cfg.autoRefillEnabled
          ? {
              refillIntervalValue: cfg.refillIntervalValue,
              refillIntervalUnit: cfg.refillIntervalUnit,
              refillAmount: cfg.refillAmount,
              lastRefill: row.last_refill,
            }
          : {}),
      };
    },

    /** An admin adjustment: add (or take away) credits and record it in the ledger. */
    async adjust(db: Db, userId: string, amount: number): Promise<number> {
      await current(db, userId);
      return db.transaction().execute(async (trx) => {
        await credit(trx, userId, amount);
        const row = await trx
          .selectFrom('balances')
          .select('token_credits')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        return Number(row.token_credits);
      });
    },

    /** Checked before a request: a user with no credits left gets the spec's balance error. */
    async canSpend(db: Db, userId: string): Promise<boolean> {
      return (await current(db, userId)).token_credits > 0;
    },

    /** Record what a reply cost and take it off the balance (inside the caller's transaction). */
    async charge(db: Db, usage: Usage, rates?: BalanceConfig['rates']): Promise<void> {
      const rate = rateFor(usage.model, rates);
      const now = Date.now();
      const entries = [
        { type: 'prompt', raw: usage.inputTokens, rate: rate.prompt },
        { type: 'completion', raw: usage.outputTokens, rate: rate.completion },
      ].filter((e) => e.raw > 0);
      let total = 0;
      for (const e of entries) {
        const value = Math.ceil(e.raw * e.rate);
        total += value;
        await db
          .insertInto('transactions')
          .values({
            id: randomUUID(),
            user_id: usage.userId,
            conversation_id: usage.conversationId,
            message_id: usage.messageId,
            token_type: e.type,
            model: usage.model,
            raw_amount: e.raw,
            rate: e.rate,
            token_value: -value,
            created_at: now,
          })
          .execute();
      }
      if (cfg.enabled && total > 0) {
        await db
          .updateTable('balances')
          .set((eb) => ({ token_credits: eb('token_credits', '-', total), updated_at: now }))
          .where('user_id', '=', usage.userId)
          .execute();
      }
    },
  };
}
export type BalanceService = ReturnType<typeof balanceService>;

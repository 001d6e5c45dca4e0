import type { UsageQuery, UsageReport } from '@parley/schema';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

/**
 * Token usage per user or per model over a bounded period, from the ledger the chat pipeline
 * writes for every charged reply (balance/service.ts: one 'prompt' and one 'completion' row).
 * The period is capped by the schema and the result by `limit`; the time index keeps the scan to
 * the period's rows.
 */
export async function usageReport(db: Db, q: UsageQuery): Promise<UsageReport> {
  const key = q.groupBy === 'user' ? 'transactions.user_id' : 'transactions.model';
  const promptTokens = sql<number>`sum(case when ${sql.ref('transactions.token_type')} = 'prompt' then ${sql.ref('transactions.raw_amount')} else 0 end)`;
  const completionTokens = sql<number>`sum(case when ${sql.ref('transactions.token_type')} = 'completion' then ${sql.ref('transactions.raw_amount')} else 0 end)`;
  const credits = sql<number>`-sum(${sql.ref('transactions.token_value')})`;
  const replies = sql<number>`sum(case when ${sql.ref('transactions.token_type')} = 'completion' then 1 else 0 end)`;
  const rows = await db
    .selectFrom('transactions')
    .select([
      sql<string>`coalesce(${sql.ref(key)}, '')`.as('key'),
      promptTokens.as('prompt_tokens'),
      completionTokens.as('completion_tokens'),
      credits.as('credits'),
      replies.as('replies'),
    ])
    .where('transactions.created_at', '>=', q.from)
    .where('transactions.created_at', '<', q.to)
    .where('transactions.token_type', 'in', ['prompt', 'completion'])
    .groupBy(sql.ref(key))
    .orderBy(sql`4`, 'desc')
    .limit(q.limit)
    .execute();

  // Emails for the user rows: one bounded lookup by primary key.
  const emails = new Map<string, string>();
  if (q.groupBy === 'user' && rows.length) {
    const users = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where(
        'id',
        'in',
        rows.map((r) => r.key),
      )
      .execute();
    for (const u of users) emails.set(u.id, u.email);
  }
  return {
    from: q.from,
    to: q.to,
    groupBy: q.groupBy,
    rows: rows.map((r) => ({
      key: r.key,
      label: q.groupBy === 'user' ? (emails.get(r.key) ?? r.key) : r.key,
      promptTokens: Number(r.prompt_tokens ?? 0),
      completionTokens: Number(r.completion_tokens ?? 0),
      credits: Number(r.credits ?? 0),
      replies: Number(r.replies ?? 0),
    })),
  };
}

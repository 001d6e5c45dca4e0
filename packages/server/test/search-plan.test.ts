import { NO_PARENT } from '@parley/schema';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { newConversationRow } from '../src/db/rows.ts';
import type { Database, MessageRow } from '../src/db/schema.ts';
import {
  PG_WALK_WINDOWS,
  pgIndexSql,
  pgWalkSql,
  searchMessages,
  sqliteSearchSql,
} from '../src/search/messages.ts';
import { makeUser, messageRow } from './factories.ts';
import { describeApp } from './helpers.ts';

/**
 * The guard for search at scale (issue 13): with enough rows that a plan scanning the user's
 * messages would show, the search query's plan must start from the index and stop at the page.
 * Plans, not wall-clock times, so CI catches a regression on any machine.
 */
const MESSAGES = 10_000;
const PAGE = 25;
const START = 1_700_000_000_000;
const PER_CONVERSATION = 50;
const COMMON = 'alpha';
const RARE = 'zirconium';

/** Deterministic text: a common word in most messages, a rare one in a handful. */
function textOf(i: number): string {
  const words = [`w${i % 997}`, `v${(i * 7) % 1999}`, `t${i % 53}`];
  if (i % 3 !== 0) words.push(COMMON);
  if (i % 4001 === 0) words.push(RARE);
  return words.join(' ');
}

async function seed(db: Kysely<Database>, userId: string, count: number, start: number): Promise<void> {
  for (let first = 0; first < count; first += PER_CONVERSATION) {
    const c = newConversationRow({
      userId,
      endpoint: 'openAI',
      model: 'gpt-4o',
      title: `Chat ${first}`,
      createdAt: start + first,
    });
    let parentMessageId = NO_PARENT;
    const messages: MessageRow[] = [];
    for (let i = first; i < first + PER_CONVERSATION; i++) {
      const m = messageRow({
        userId,
        conversationId: c.conversation_id,
        parentMessageId,
        text: textOf(i),
        createdAt: start + i,
      });
      messages.push(m);
      parentMessageId = m.message_id;
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('conversations').values(c).execute();
      await trx.insertInto('messages').values(messages).execute();
    });
  }
}

describeApp('search plans at scale', (t, dialect) => {
  let userId = '';
  beforeAll(async () => {
    const heavy = await makeUser(t);
    const other = await makeUser(t);
    userId = heavy.userId;
    await seed(t.app.ctx.db, heavy.userId, MESSAGES, START);
    await seed(t.app.ctx.db, other.userId, MESSAGES / 4, START);
    if (dialect === 'postgres') await sql`ANALYZE`.execute(t.app.ctx.db);
  }, 120_000);

  /** SQLite: the plan's lines. */
  const sqlitePlan = async (word: string, after: string | null = null): Promise<string[]> => {
    const q = sqliteSearchSql(userId, [word], PAGE, after).compile(t.app.ctx.db);
    const { rows } = await t.app.ctx.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, [...q.parameters]),
    );
    return rows.map((r) => r.detail);
  };

  /**
   * PostgreSQL: how many message_search rows a query read (returned or filtered out), from EXPLAIN
   * ANALYZE. Sequential scans are off: at this size one is the cheapest plan, and the question is
   * whether the indexes bound the work as they must at a million rows.
   */
  const pgRowsRead = async (query: { compile(db: Kysely<Database>): CompiledQuery }): Promise<number> => {
    const q = query.compile(t.app.ctx.db);
    return t.app.ctx.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${q.sql}`, [...q.parameters]),
      );
      return rowsRead(rows[0]['QUERY PLAN'][0].Plan, 'message_search');
    });
  };

  it('pages through every hit exactly once, newest first, across the walk and the index', async () => {
    // t7 is in every 53rd message: a few hits in each window, most of them past the windows.
    const expected = Array.from({ length: MESSAGES }, (_, i) => i)
      .filter((i) => i % 53 === 7)
      .reverse();
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await searchMessages(t.app.ctx.db, dialect, userId, { query: 't7', limit: PAGE, cursor });
      seen.push(...page.rows.map((r) => Number(r.created_at) - START));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it.runIf(dialect === 'sqlite')(
    'SQLite: one FTS5 walk in rowid order drives the joins; nothing sorts or scans',
    async () => {
      for (const [word, after] of [
        [COMMON, null],
        [RARE, null],
        ['nomatchword', null],
        [COMMON, '1700000010000000000'],
      ] as const) {
        const [outer, ...joins] = await sqlitePlan(word, after);
        expect(outer, word).toMatch(/^SCAN f VIRTUAL TABLE INDEX/);
        // Each join is a lookup by key; a SCAN (all of the user's messages) or a sort would be a regression.
        for (const line of joins)
          expect(line, word).toMatch(/^SEARCH (k|m|c) USING (INTEGER PRIMARY KEY|INDEX)/);
        expect(joins).toHaveLength(3);
      }
    },
  );

  it.runIf(dialect === 'sqlite')(
    "SQLite: writing a message's search row looks up only its conversation",
    async () => {
      // The row of a root asks whether an earlier root exists: that must stay within the conversation
      // (an OR there once made it two index scans, one over every message of the user, per new chat).
      const { rows } = await sql<{ detail: string }>`EXPLAIN QUERY PLAN
      SELECT id, owner, text, title FROM message_search_rows WHERE user_id = ${userId} AND message_id = ${'m'}`.execute(
        t.app.ctx.db,
      );
      const plan = rows.map((r) => r.detail);
      expect(plan.join('\n')).not.toMatch(/MULTI-INDEX OR|^SCAN/m);
      expect(plan).toContain(
        'SEARCH f USING INDEX messages_conversation (user_id=? AND conversation_id=? AND created_at<?)',
      );
    },
  );

  it.runIf(dialect === 'postgres')(
    "PostgreSQL: the rows read follow the page, the window or the hits, not the user's messages",
    async () => {
      // A word in two messages of three: the walk fills the page at once.
      expect(
        await pgRowsRead(pgWalkSql(userId, [COMMON], PAGE, null, PG_WALK_WINDOWS[0])),
      ).toBeLessThanOrEqual(PAGE * 2);
      // A rare word: the walk reads its window and no more; the GIN index then reads only hits.
      for (const word of [RARE, 'nomatchword']) {
        expect(await pgRowsRead(pgWalkSql(userId, [word], PAGE, null, PG_WALK_WINDOWS[0]))).toBe(
          PG_WALK_WINDOWS[0],
        );
        expect(
          await pgRowsRead(pgIndexSql(userId, [word], word, PAGE, [Number.MAX_SAFE_INTEGER, ''])),
        ).toBeLessThanOrEqual(3);
      }
    },
  );
});

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows a plan took from `table`: those its scans returned plus those they read and dropped. */
function rowsRead(node: PlanNode, table: string): number {
  const own =
    node['Relation Name'] === table
      ? node['Actual Rows'] * node['Actual Loops'] +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}

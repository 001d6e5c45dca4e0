import { AgentCreateBody } from '@parley/schema';
import { type CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversationsPerDeleteTransaction } from '../src/db/dialects/bulk-delete.ts';
import { tagCountsQuery } from '../src/db/dialects/json-tags.ts';
import type { Db } from '../src/db/index.ts';
import { encodeCursor } from '../src/db/keyset.ts';
import { actionsOfAgentQuery, actionsOfUserQuery } from '../src/db/repos/actions.ts';
import { agentListQuery } from '../src/db/repos/agents.ts';
import {
  type ConversationListOptions,
  conversationListQuery,
  nextConversationsQuery,
} from '../src/db/repos/conversations.ts';
import { deleteMessagesOfQuery } from '../src/db/repos/messages.ts';
import { type SharedLinkListOptions, sharedLinkListQuery } from '../src/db/repos/shared-links.ts';
import { newAgentRow, newConversationRow } from '../src/db/rows.ts';
import type {
  ActionsTable,
  AgentsTable,
  ConversationRow,
  MessageRow,
  SharedLinksTable,
} from '../src/db/schema.ts';
import { makeUser, messageRow } from './factories.ts';
import { describeApp, type TestDialect } from './helpers.ts';

/**
 * The queries that grow with a user's data read what their page needs (issue 13): each one's plan
 * on SQLite (EXPLAIN QUERY PLAN, without ANALYZE, as the app runs) and PostgreSQL (EXPLAIN after
 * ANALYZE), over enough rows that a missing index shows as a scan or a sort. Plans, not times, so it
 * holds on any machine; the times at a heavy user's scale come from bench/queries.ts.
 * SHOW_PLANS=1 prints each plan.
 */

/** The user under test owns one conversation in five; other users hold the rest, as on a shared server. */
const CONVERSATIONS = 7500;
const OTHER_USERS = 3;
const MESSAGES_PER_CONVERSATION = 4;
/** Conversation i was created at FIRST + i minutes; HALF_WAY is a cursor deep in every list. */
const FIRST = 1_700_000_000_000;
const MINUTE = 60_000;
const HALF_WAY = FIRST + (CONVERSATIONS / 2) * MINUTE;
const AGENTS = 3000;

/** What a plan must show: the index it reads, and whether it may sort what that index returned. */
interface Expect {
  index: string;
  /** The rows come out of the index in the page's order: no sort of everything that matched. */
  ordered?: boolean;
  /** A bound the index is sought with (the cursor), as each dialect prints it. */
  seek?: Partial<Record<TestDialect, RegExp>>;
  /** Tables that must not be read whole (the query's own table always). */
  noScanOf?: string[];
}

/** One line per step: SQLite's detail lines, or PostgreSQL's nodes with their conditions. */
async function planOf(db: Db, dialect: TestDialect, q: CompiledQuery): Promise<string[]> {
  if (dialect === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>({ ...q, sql: `EXPLAIN QUERY PLAN ${q.sql}` });
    return rows.map((r) => r.detail);
  }
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PgNode }] }>({
    ...q,
    sql: `EXPLAIN (FORMAT JSON) ${q.sql}`,
  });
  const lines: string[] = [];
  const walk = (node: PgNode) => {
    const on = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
    const using = node['Index Name'] ? ` using ${node['Index Name']}` : '';
    const cond = node['Index Cond'] ? ` [${node['Index Cond']}]` : '';
    lines.push(`${node['Node Type']}${using}${on}${cond}`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(rows[0]['QUERY PLAN'][0].Plan);
  return lines;
}

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PgNode[];
}

function expectPlan(plan: string[], dialect: TestDialect, table: string, want: Expect): void {
  const text = plan.join('\n');
  if (process.env.SHOW_PLANS) console.log(`--- ${dialect} ${want.index}\n${text}`);
  const tables = [table, ...(want.noScanOf ?? [])];
  if (dialect === 'sqlite') {
    expect(text, text).toMatch(new RegExp(`USING (COVERING )?INDEX ${want.index}\\b`));
    for (const t of tables) expect(text, text).not.toMatch(new RegExp(`^SCAN ${t}\\b`, 'm'));
    if (want.ordered) expect(text, text).not.toContain('USE TEMP B-TREE FOR ORDER BY');
  } else {
    expect(text, text).toMatch(new RegExp(`using ${want.index}\\b`));
    for (const t of tables) expect(text, text).not.toMatch(new RegExp(`Seq Scan on ${t}\\b`));
    if (want.ordered) expect(text, text).not.toMatch(/^(Incremental )?Sort\b/m);
  }
  const seek = want.seek?.[dialect];
  if (seek) expect(text, text).toMatch(seek);
}

describeApp('query plans', (t, dialect) => {
  let userId: string;
  let db: Db;
  const check = async (q: CompiledQuery, table: string, want: Expect) =>
    expectPlan(await planOf(db, dialect, q), dialect, table, want);
  const convos = (opts: Omit<ConversationListOptions, 'limit'>) =>
    conversationListQuery(db, userId, { limit: 25, ...opts }).compile();
  const links = (opts: Omit<SharedLinkListOptions, 'pageSize' | 'isPublic'>) =>
    sharedLinkListQuery(db, userId, { pageSize: 25, isPublic: true, ...opts }).compile();

  beforeAll(async () => {
    db = t.app.ctx.db;
    userId = (await makeUser(t)).userId;
    const others = await Promise.all(Array.from({ length: OTHER_USERS }, () => makeUser(t)));
    const conversations: ConversationRow[] = Array.from({ length: CONVERSATIONS }, (_, i) =>
      newConversationRow({
        userId: i % 5 === 0 ? userId : others[i % OTHER_USERS].userId,
        endpoint: 'openAI',
        model: 'gpt-4o',
        title: `Chat ${i}`,
        // A third archived; one in seven bookmarked.
        isArchived: i % 3 === 0,
        tags: i % 7 === 1 ? ['work'] : [],
        createdAt: FIRST + i * MINUTE,
      }),
    );
    const messages: MessageRow[] = conversations.flatMap((c) =>
      Array.from({ length: MESSAGES_PER_CONVERSATION }, () =>
        messageRow({ userId: c.user_id, conversationId: c.conversation_id }),
      ),
    );
    const shared: SharedLinksTable[] = conversations
      .filter((_, i) => i % 3 === 1)
      .map((c) => ({
        share_id: `s-${c.conversation_id}`,
        user_id: c.user_id,
        conversation_id: c.conversation_id,
        title: c.title,
        is_public: 1,
        messages: '[]',
        message_count: 0,
        created_at: c.created_at,
        updated_at: c.created_at,
      }));
    // Agents: the user's one in five, a third of the others' shared with everyone.
    const agents: AgentsTable[] = Array.from({ length: AGENTS }, (_, i) =>
      newAgentRow({
        authorId: i % 5 === 0 ? userId : others[i % OTHER_USERS].userId,
        settings: AgentCreateBody.parse({ name: `Agent ${i}`, provider: 'openAI', model: 'gpt-4o' }),
        isPublic: i % 3 === 1,
        createdAt: FIRST + i * MINUTE,
      }),
    );
    // Actions: one per agent of the others', one per ten of the user's (60 of about 2,500).
    const actions: ActionsTable[] = agents.flatMap((a, i) =>
      a.author_id === userId && i % 50 !== 0
        ? []
        : [
            {
              id: `action-${i}`,
              agent_id: a.id,
              user_id: a.author_id,
              domain: `api${i}.example.com`,
              metadata: '{}',
              functions: '[]',
              created_at: FIRST + i * MINUTE,
              updated_at: FIRST + i * MINUTE,
            },
          ],
    );
    await db.transaction().execute(async (trx) => {
      // Chunks stay under both engines' bound-parameter limits.
      for (const [table, rows] of [
        ['conversations', conversations],
        ['messages', messages],
        ['shared_links', shared],
        ['agents', agents],
        ['actions', actions],
      ] as const) {
        for (let i = 0; i < rows.length; i += 500) {
          await trx
            .insertInto(table)
            .values(rows.slice(i, i + 500) as never)
            .execute();
        }
      }
    });
    // PostgreSQL plans from statistics, which autovacuum would gather in time; SQLite runs without.
    if (dialect === 'postgres') await sql`ANALYZE`.execute(db);
  }, 60_000);

  describe('lists read in index order (bounded by their page)', () => {
    it('sidebar: newest updated first, and a later page sought from its cursor', async () => {
      await check(convos({ isArchived: false }), 'conversations', {
        index: 'conversations_list',
        ordered: true,
      });
      await check(convos({ isArchived: false, cursor: encodeCursor([HALF_WAY, 'z']) }), 'conversations', {
        index: 'conversations_list',
        ordered: true,
        seek: { sqlite: /is_archived=\? AND updated_at<\?/, postgres: /updated_at <=/ },
      });
    });

    it('archived manager: by date created', async () => {
      await check(convos({ isArchived: true, sortBy: 'createdAt', sortDirection: 'desc' }), 'conversations', {
        index: 'conversations_by_created',
        ordered: true,
      });
      await check(
        convos({ isArchived: true, sortBy: 'createdAt', cursor: encodeCursor([HALF_WAY, 'z']) }),
        'conversations',
        {
          index: 'conversations_by_created',
          ordered: true,
          seek: { sqlite: /is_archived=\? AND created_at<\?/, postgres: /created_at <=/ },
        },
      );
    });

    it('archived manager: by title, either way, and a later page sought from its cursor', async () => {
      for (const sortDirection of ['asc', 'desc'] as const) {
        await check(convos({ isArchived: true, sortBy: 'title', sortDirection }), 'conversations', {
          index: 'conversations_by_title',
          ordered: true,
        });
      }
      await check(
        convos({
          isArchived: true,
          sortBy: 'title',
          sortDirection: 'asc',
          cursor: encodeCursor(['chat 5', 'z']),
        }),
        'conversations',
        {
          index: 'conversations_by_title',
          ordered: true,
          seek: { sqlite: /is_archived=\? AND <expr>>\?/, postgres: /lower\(title\) >=/ },
        },
      );
    });

    it('shared links: by date and by title, read in order, later pages sought from their cursor', async () => {
      await check(links({ sortBy: 'createdAt', sortDirection: 'desc' }), 'shared_links', {
        index: 'shared_links_by_date',
        ordered: true,
      });
      await check(
        links({
          sortBy: 'createdAt',
          sortDirection: 'desc',
          cursor: encodeCursor(['createdAt', HALF_WAY, 'z']),
        }),
        'shared_links',
        {
          index: 'shared_links_by_date',
          ordered: true,
          seek: { sqlite: /user_id=\? AND created_at<\?/, postgres: /created_at <=/ },
        },
      );
      await check(links({ sortBy: 'title', sortDirection: 'asc' }), 'shared_links', {
        index: 'shared_links_by_title',
        ordered: true,
      });
      await check(
        links({ sortBy: 'title', sortDirection: 'asc', cursor: encodeCursor(['title', 'Chat 5', 'z']) }),
        'shared_links',
        {
          index: 'shared_links_by_title',
          ordered: true,
          seek: { sqlite: /user_id=\? AND title>\?/, postgres: /title >=/ },
        },
      );
    });
  });

  describe('actions (issue 16)', () => {
    // Both sets are small and bounded (an agent holds at most 20 actions), so a sort of what the
    // index found is fine; what must not happen is a scan of everyone's actions.
    it("a user's actions and an agent's are read through their indexes", async () => {
      await check(actionsOfUserQuery(db, userId, 500).compile(), 'actions', { index: 'actions_by_user' });
      await check(actionsOfAgentQuery(db, 'agent-none').compile(), 'actions', { index: 'actions_by_agent' });
    });
  });

  describe('agents (bounded by the page)', () => {
    it("the list reads the user's agents by author and the shared ones by the public index, from the cursor", async () => {
      const list = (opts: Partial<Parameters<typeof agentListQuery>[2]>) =>
        agentListQuery(db, userId, { limit: 25, ...opts }).compile();
      const cursor = encodeCursor([FIRST + (AGENTS / 2) * MINUTE, 'z']);
      for (const opts of [{}, { cursor }, { search: 'agent 1', category: 'general' }]) {
        await check(list(opts), 'agents', { index: 'agents_by_author' });
        await check(list(opts), 'agents', { index: 'agents_public' });
      }
      await check(list({ scope: 'mine', cursor }), 'agents', {
        index: 'agents_by_author',
        seek: { sqlite: /author_id=\? AND updated_at<\?/, postgres: /updated_at <=/ },
      });
      await check(list({ scope: 'shared', cursor }), 'agents', {
        index: 'agents_public',
        seek: { sqlite: /is_public=\? AND updated_at<\?/, postgres: /updated_at <=/ },
      });
    });
  });

  describe('bookmarks (bounded by the bookmarked conversations)', () => {
    it('the bookmark filter reads only tagged rows', async () => {
      await check(convos({ isArchived: false, tags: ['work'] }), 'conversations', {
        index: 'conversations_tagged',
      });
    });

    it('bookmark counts read only tagged rows', async () => {
      await check(tagCountsQuery(dialect, userId).compile(db), 'conversations', {
        index: 'conversations_tagged',
      });
    });
  });

  describe("title search (bounded by the user's conversation count)", () => {
    it('title search filters the user’s rows (a substring has no index), never other users’', async () => {
      // Which of the user's indexes is read depends on the sort; any is the user's rows only.
      const q = convos({ isArchived: true, sortBy: 'createdAt', search: 'no such title' });
      await check(q, 'conversations', { index: 'conversations_(list|by_created|by_title)' });
    });
  });

  describe('clearing all chats and deleting the account (bounded batches)', () => {
    it('picks the next conversations by user, sought past the batches already done', async () => {
      const limit = conversationsPerDeleteTransaction(dialect);
      const after = { is_archived: 0, created_at: HALF_WAY, conversation_id: 'z' };
      // The walk is sought, not read from the start: PostgreSQL may still sort what is left after
      // the cursor when that is small, which costs at most the user's conversation count.
      for (const from of [null, after]) {
        await check(nextConversationsQuery(db, userId, from, limit).compile(), 'conversations', {
          index: 'conversations_by_created',
          seek: from
            ? {
                sqlite: /\(user_id=\? AND \(is_archived,created_at,conversation_id\)>\(\?,\?,\?\)\)/,
                postgres: /ROW\(is_archived, created_at, conversation_id\) >/,
              }
            : undefined,
        });
      }
    });

    it("deletes those conversations' messages through the conversation index, not a scan of everyone's", async () => {
      const batch = await nextConversationsQuery(
        db,
        userId,
        null,
        conversationsPerDeleteTransaction(dialect),
      ).execute();
      const ids = batch.map((r) => r.conversation_id);
      await check(deleteMessagesOfQuery(db, userId, ids).compile(), 'messages', {
        index: 'messages_conversation',
      });
    });
  });
});

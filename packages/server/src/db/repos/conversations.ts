import type { ConvoSortKey, SortDirection } from '@parley/schema';
import { sql } from 'kysely';
import { z } from 'zod';
import { dialectOf, hasAnyTag } from '../dialects/json-tags.ts';
import type { Db } from '../index.ts';
import { decodeCursor, pageOf, pastCursor } from '../keyset.ts';
import type { ConversationRow } from '../schema.ts';

/** Where a page ended: the sort column's value (a time, or a title) and the id tie-breaker. */
const ConvoCursor = z.tuple([z.union([z.number(), z.string()]), z.string()]);

const SORT_COLUMNS = { updatedAt: 'updated_at', createdAt: 'created_at', title: 'title' } as const;

/** Columns for lists: never message bodies, never wide JSON beyond what rows show. */
const LIST_COLUMNS = [
  'conversation_id',
  'user_id',
  'title',
  'endpoint',
  'endpoint_type',
  'model',
  'spec',
  'agent_id',
  'is_archived',
  'tags',
  'expired_at',
  'created_at',
  'updated_at',
] as const;

export interface ConversationListOptions {
  limit: number;
  cursor?: string;
  isArchived: boolean;
  tags?: string[];
  sortBy?: ConvoSortKey;
  sortDirection?: SortDirection;
  search?: string;
}

/**
 * Keyset page: (sort column, conversation_id) past the cursor, no OFFSET, `limit + 1` rows (the
 * extra one says whether there is more). Newest updated first by default (the sidebar); the archived
 * manager sorts by createdAt or title and searches titles. Its own function so the query-plan test
 * reads the plan of exactly this query.
 */
export function conversationListQuery(db: Db, userId: string, opts: ConversationListOptions) {
  const column = SORT_COLUMNS[opts.sortBy ?? 'updatedAt'];
  // Titles sort without regard to case, the same on both dialects (their collations differ).
  const key =
    column === 'title'
      ? sql<string | number>`lower(${sql.ref('title')})`
      : sql<string | number>`${sql.ref(column)}`;
  const dir = opts.sortDirection ?? 'desc';
  let q = db
    .selectFrom('conversations')
    .select(LIST_COLUMNS)
    // The cursor takes the key as the database computed it (lower() differs from JS on non-ASCII).
    .select(key.as('sort_key'))
    .where('user_id', '=', userId)
    .where('is_archived', '=', opts.isArchived ? 1 : 0)
    .where('expired_at', 'is', null);
  // Bookmark filter: conversations carrying any of the chosen tags (doc 1 §2).
  if (opts.tags?.length) q = q.where(hasAnyTag(dialectOf(db), 'conversations.tags', opts.tags));
  const search = opts.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(sql<boolean>`lower(${sql.ref('title')}) like ${pattern} escape '\\'`);
  }
  const cursor = decodeCursor(opts.cursor, ConvoCursor);
  // A cursor made for another sort (a title where a time is expected) starts from the first page.
  if (cursor && typeof cursor[0] === (column === 'title' ? 'string' : 'number')) {
    q = q.where(pastCursor(key, sql.ref('conversation_id'), dir, cursor));
  }
  return q
    .orderBy(key, dir)
    .orderBy('conversation_id', dir)
    .limit(opts.limit + 1);
}

/** Where a walk over the user's conversations has got to, in conversations_by_created order. */
export type ConversationWalkKey = Pick<ConversationRow, 'is_archived' | 'created_at' | 'conversation_id'>;

/**
 * The user's next `limit` conversations after `after`, in the order of conversations_by_created:
 * the next batch of a bulk delete. Both engines seek that index past the batches already done
 * (PostgreSQL keeps their dead entries until vacuum; reading from the start again and again cost
 * it seconds at 10k conversations). created_at never changes, so only an archive or restore made
 * meanwhile can move a row behind the walk. Its own function so the query-plan test reads the plan
 * of exactly this query.
 */
export function nextConversationsQuery(
  db: Db,
  userId: string,
  after: ConversationWalkKey | null,
  limit: number,
) {
  let q = db
    .selectFrom('conversations')
    .select(['is_archived', 'created_at', 'conversation_id'])
    .where('user_id', '=', userId);
  if (after) {
    q = q.where(
      sql<boolean>`(is_archived, created_at, conversation_id) > (${after.is_archived}, ${after.created_at}, ${after.conversation_id})`,
    );
  }
  return q.orderBy('is_archived').orderBy('created_at').orderBy('conversation_id').limit(limit);
}

export function conversationsRepo(db: Db) {
  return {
    /** A keyset page of the user's conversations (conversationListQuery). */
    async list(
      userId: string,
      opts: ConversationListOptions,
    ): Promise<{ rows: Omit<ConversationRow, 'parameters'>[]; nextCursor: string | null }> {
      const rows = await conversationListQuery(db, userId, opts).execute();
      const page = pageOf(rows, opts.limit, (r) => [r.sort_key, r.conversation_id]);
      return { rows: page.rows.map(({ sort_key: _key, ...row }) => row), nextCursor: page.nextCursor };
    },

    async get(userId: string, conversationId: string): Promise<ConversationRow | undefined> {
      return db
        .selectFrom('conversations')
        .selectAll()
        .where('user_id', '=', userId)
        .where('conversation_id', '=', conversationId)
        .executeTakeFirst();
    },

    async insert(row: ConversationRow): Promise<void> {
      await db.insertInto('conversations').values(row).execute();
    },

    async update(
      userId: string,
      conversationId: string,
      changes: Partial<Omit<ConversationRow, 'conversation_id' | 'user_id'>>,
    ): Promise<ConversationRow | undefined> {
      // Undefined when the user has no such conversation.
      return db
        .updateTable('conversations')
        .set(changes)
        .where('user_id', '=', userId)
        .where('conversation_id', '=', conversationId)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Give a conversation a generated title unless it already has another: a rename made while
     * the title was being generated wins. True when the title was set.
     */
    async setGeneratedTitle(
      userId: string,
      conversationId: string,
      title: string,
      untitled: string,
    ): Promise<boolean> {
      const row = await db
        .updateTable('conversations')
        .set({ title })
        .where('user_id', '=', userId)
        .where('conversation_id', '=', conversationId)
        .where('title', '=', untitled)
        .returning('conversation_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Delete some of the user's conversations; returns the ids that existed. Messages: see convos/delete.ts. */
    async deleteMany(userId: string, conversationIds: readonly string[]): Promise<string[]> {
      if (conversationIds.length === 0) return [];
      const rows = await db
        .deleteFrom('conversations')
        .where('user_id', '=', userId)
        .where('conversation_id', 'in', conversationIds)
        .returning('conversation_id')
        .execute();
      return rows.map((r) => r.conversation_id);
    },

    /** The user's next conversations after `after` (nextConversationsQuery). */
    async nextBatch(
      userId: string,
      after: ConversationWalkKey | null,
      limit: number,
    ): Promise<ConversationWalkKey[]> {
      return nextConversationsQuery(db, userId, after, limit).execute();
    },
  };
}
export type ConversationsRepo = ReturnType<typeof conversationsRepo>;

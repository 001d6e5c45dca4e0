import { type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../index.ts';
import { decodeCursor, pageOf, pastCursor } from '../keyset.ts';
import type { SharedLinksTable } from '../schema.ts';

/** A link as lists show it: everything but the snapshot. */
export type SharedLinkListRow = Omit<SharedLinksTable, 'messages'>;

const LIST_COLUMNS = [
  'share_id',
  'user_id',
  'conversation_id',
  'title',
  'is_public',
  'message_count',
  'created_at',
  'updated_at',
] as const;

export type SharedLinkSort = 'createdAt' | 'title';

/** Keyset position: the sort it was made for, the sort value and the share id of a page's last row. */
const ShareCursor = z.union([
  z.tuple([z.literal('createdAt'), z.number(), z.string()]),
  z.tuple([z.literal('title'), z.string(), z.string()]),
]);

/** `%` and `_` typed by the user match themselves. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface SharedLinkListOptions {
  pageSize: number;
  cursor?: string;
  isPublic: boolean;
  search?: string;
  sortBy: SharedLinkSort;
  sortDirection: 'asc' | 'desc';
}

/**
 * Keyset page of the user's links (`pageSize + 1` rows), sorted by date or title, optionally
 * filtered by title. Its own function so the query-plan test reads the plan of exactly this query.
 */
export function sharedLinkListQuery(db: Db, userId: string, opts: SharedLinkListOptions) {
  const column = opts.sortBy === 'title' ? 'title' : 'created_at';
  const dir = opts.sortDirection;
  let q = db
    .selectFrom('shared_links')
    .select(LIST_COLUMNS)
    .where('user_id', '=', userId)
    .where('is_public', '=', opts.isPublic ? 1 : 0);
  if (opts.search) {
    const pattern = likePattern(opts.search);
    q = q.where(sql<SqlBool>`lower(title) like ${pattern} escape '\\'`);
  }
  const cursor = decodeCursor(opts.cursor, ShareCursor);
  // One made for another sort starts from the first page.
  if (cursor && cursor[0] === opts.sortBy) {
    const [, value, id] = cursor;
    q = q.where(pastCursor(sql.ref(column), sql.ref('share_id'), dir, [value, id]));
  }
  return q
    .orderBy(column, dir)
    .orderBy('share_id', dir)
    .limit(opts.pageSize + 1);
}

export function sharedLinksRepo(db: Db) {
  return {
    /** Keyset page of the user's links (sharedLinkListQuery). */
    async list(
      userId: string,
      opts: SharedLinkListOptions,
    ): Promise<{ rows: SharedLinkListRow[]; nextCursor: string | null }> {
      const rows = await sharedLinkListQuery(db, userId, opts).execute();
      return pageOf(rows, opts.pageSize, (r) =>
        opts.sortBy === 'title' ? ['title', r.title, r.share_id] : ['createdAt', r.created_at, r.share_id],
      );
    },

    async getForConversation(userId: string, conversationId: string): Promise<SharedLinkListRow | undefined> {
      return db
        .selectFrom('shared_links')
        .select(LIST_COLUMNS)
        .where('user_id', '=', userId)
        .where('conversation_id', '=', conversationId)
        .executeTakeFirst();
    },

    async getOwned(userId: string, shareId: string): Promise<SharedLinkListRow | undefined> {
      return db
        .selectFrom('shared_links')
        .select(LIST_COLUMNS)
        .where('user_id', '=', userId)
        .where('share_id', '=', shareId)
        .executeTakeFirst();
    },

    /** The public read: by share id alone, by design — the id is the capability. */
    async getPublic(shareId: string): Promise<SharedLinksTable | undefined> {
      return db
        .selectFrom('shared_links')
        .selectAll()
        .where('share_id', '=', shareId)
        .where('is_public', '=', 1)
        .executeTakeFirst();
    },

    async insert(row: SharedLinksTable): Promise<void> {
      await db.insertInto('shared_links').values(row).execute();
    },

    /** Re-snapshot under a new share id; undefined when the user has no such link. */
    async refresh(
      userId: string,
      shareId: string,
      changes: Pick<SharedLinksTable, 'share_id' | 'title' | 'messages' | 'message_count' | 'updated_at'>,
    ): Promise<SharedLinkListRow | undefined> {
      return db
        .updateTable('shared_links')
        .set(changes)
        .where('user_id', '=', userId)
        .where('share_id', '=', shareId)
        .returning(LIST_COLUMNS)
        .executeTakeFirst();
    },

    /** True when there was such a row (single-row removes answer a boolean; removeAll a count). */
    async remove(userId: string, shareId: string): Promise<boolean> {
      const r = await db
        .deleteFrom('shared_links')
        .where('user_id', '=', userId)
        .where('share_id', '=', shareId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
export type SharedLinksRepo = ReturnType<typeof sharedLinksRepo>;

import { dialectOf, hasAnyTag } from '../dialects/json-tags.ts';
import type { Db } from '../index.ts';
import type { ConversationRow } from '../schema.ts';

export interface ConvoCursor {
  updatedAt: number;
  id: string;
}

export function encodeCursor(c: ConvoCursor): string {
  return Buffer.from(JSON.stringify([c.updatedAt, c.id])).toString('base64url');
}

export function decodeCursor(raw: string | undefined): ConvoCursor | null {
  if (!raw) return null;
  try {
    const [updatedAt, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (typeof updatedAt === 'number' && typeof id === 'string') return { updatedAt, id };
  } catch {
    // fall through: an unreadable cursor is treated as the first page
  }
  return null;
}

/** Columns for lists: never message bodies, never wide JSON beyond what rows show. */
const LIST_COLUMNS = [
  'conversation_id',
  'user_id',
  'title',
  'endpoint',
  'endpoint_type',
  'model',
  'spec',
  'is_archived',
  'tags',
  'expired_at',
  'created_at',
  'updated_at',
] as const;

export function conversationsRepo(db: Db) {
  return {
    /** Keyset page, newest first: (updated_at, conversation_id) < cursor. No OFFSET. */
    async list(
      userId: string,
      opts: { limit: number; cursor: ConvoCursor | null; isArchived: boolean; tags?: string[] },
    ): Promise<{ rows: Omit<ConversationRow, 'parameters'>[]; nextCursor: string | null }> {
      let q = db
        .selectFrom('conversations')
        .select(LIST_COLUMNS)
        .where('user_id', '=', userId)
        .where('is_archived', '=', opts.isArchived ? 1 : 0)
        .where('expired_at', 'is', null);
      // Bookmark filter: conversations carrying any of the chosen tags (doc 1 §2).
      if (opts.tags?.length) q = q.where(hasAnyTag(dialectOf(db), 'conversations.tags', opts.tags));
      const cursor = opts.cursor;
      if (cursor) {
        q = q.where((eb) =>
          eb.or([
            eb('updated_at', '<', cursor.updatedAt),
            eb.and([eb('updated_at', '=', cursor.updatedAt), eb('conversation_id', '<', cursor.id)]),
          ]),
        );
      }
      const rows = await q
        .orderBy('updated_at', 'desc')
        .orderBy('conversation_id', 'desc')
        .limit(opts.limit + 1)
        .execute();
      const more = rows.length > opts.limit;
      const page = more ? rows.slice(0, opts.limit) : rows;
      const last = page[page.length - 1];
      return {
        rows: page,
        nextCursor:
          more && last ? encodeCursor({ updatedAt: last.updated_at, id: last.conversation_id }) : null,
      };
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
  };
}
export type ConversationsRepo = ReturnType<typeof conversationsRepo>;

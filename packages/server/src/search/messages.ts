import { NO_PARENT, searchTerms } from '@parley/schema';
import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import { PG_SEARCH_PREFIX_CHARS, TS_CONFIG } from '../db/dialects/search-ddl.ts';
import type { Db, Dialect } from '../db/index.ts';
import { decodeCursor, pageOf } from '../db/keyset.ts';
import type { SearchHitRow } from '../db/read-rows.ts';

/** Where a page ended: (created_at, message_id) of its last hit. */
const SearchCursor = z.tuple([z.number(), z.string()]);

/** Every word must match, each as a prefix (search as you type). Terms are letters and digits only. */
export function ftsQuery(terms: string[]): string {
  return terms.map((t) => `"${t}"*`).join(' ');
}

export function tsQuery(terms: string[]): string {
  return terms.map((t) => `${t}:*`).join(' & ');
}

/**
 * Ids of the user's messages that match: by text, and, for a conversation whose title matches,
 * its first message. Dialect SQL stays in this folder (DESIGN §6).
 */
function hitIds(dialect: Dialect, userId: string, terms: string[]): RawBuilder<unknown> {
  const firstMessage = sql`(SELECT f.message_id FROM messages f
      WHERE f.user_id = ${userId} AND f.conversation_id = c.conversation_id
      ORDER BY CASE WHEN f.parent_message_id = ${NO_PARENT} THEN 0 ELSE 1 END, f.created_at, f.message_id
      LIMIT 1)`;
  if (dialect === 'postgres') {
    const q = tsQuery(terms);
    return sql`SELECT m.message_id, 0 AS title_match FROM messages m
        WHERE m.user_id = ${userId}
          AND to_tsvector(${sql.lit(TS_CONFIG)}, left(m.text, ${sql.lit(PG_SEARCH_PREFIX_CHARS)})) @@ to_tsquery(${sql.lit(TS_CONFIG)}, ${q})
      UNION ALL
      SELECT ${firstMessage} AS message_id, 1 AS title_match FROM conversations c
        WHERE c.user_id = ${userId}
          AND to_tsvector(${sql.lit(TS_CONFIG)}, c.title) @@ to_tsquery(${sql.lit(TS_CONFIG)}, ${q})`;
  }
  const q = ftsQuery(terms);
  return sql`SELECT k.message_id, 0 AS title_match
        FROM messages_fts JOIN message_search_keys k ON k.id = messages_fts.rowid
        WHERE messages_fts MATCH ${q} AND k.user_id = ${userId}
      UNION ALL
      SELECT ${firstMessage} AS message_id, 1 AS title_match
        FROM conversations_fts
        JOIN conversation_search_keys ck ON ck.id = conversations_fts.rowid
        JOIN conversations c ON c.conversation_id = ck.conversation_id
        WHERE conversations_fts MATCH ${q} AND c.user_id = ${userId}`;
}

/**
 * One page of the user's message search, newest first, keyset-paged on (created_at, message_id).
 * Temporary chats (expired_at set) are never found; archived ones are, as in LibreChat.
 */
export async function searchMessages(
  db: Db,
  dialect: Dialect,
  userId: string,
  opts: { query: string; limit: number; cursor?: string },
): Promise<{ rows: SearchHitRow[]; nextCursor: string | null }> {
  const terms = searchTerms(opts.query);
  if (terms.length === 0) return { rows: [], nextCursor: null };
  const after = decodeCursor(opts.cursor, SearchCursor);
  const cursor = after
    ? sql`AND (m.created_at < ${after[0]}
          OR (m.created_at = ${after[0]} AND m.message_id < ${after[1]}))`
    : sql``;
  const { rows } = await sql<SearchHitRow>`
    WITH hits AS (${hitIds(dialect, userId, terms)}),
    found AS (SELECT message_id, MAX(title_match) AS title_match FROM hits
              WHERE message_id IS NOT NULL GROUP BY message_id)
    SELECT m.message_id, m.conversation_id, m.parent_message_id, m.text, m.sender,
           m.is_created_by_user, m.endpoint, m.model, m.created_at, m.updated_at,
           c.title, c.is_archived, found.title_match
    FROM found
    JOIN messages m ON m.user_id = ${userId} AND m.message_id = found.message_id
    JOIN conversations c ON c.user_id = ${userId} AND c.conversation_id = m.conversation_id
    WHERE c.expired_at IS NULL ${cursor}
    ORDER BY m.created_at DESC, m.message_id DESC
    LIMIT ${opts.limit + 1}`.execute(db);
  return pageOf(rows, opts.limit, (r) => [Number(r.created_at), r.message_id]);
}

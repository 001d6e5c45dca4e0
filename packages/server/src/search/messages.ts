import { searchTerms } from '@parley/schema';
import { sql } from 'kysely';
import { z } from 'zod';
import { TS_CONFIG } from '../db/dialects/search-ddl.ts';
import type { Db, Dialect } from '../db/index.ts';
import { decodeCursor, pageOf } from '../db/keyset.ts';
import type { SearchHitRow } from '../db/read-rows.ts';

/**
 * Where a page ended. SQLite: the last hit's search key (as text: keys pass 2^53). PostgreSQL:
 * its (created_at, message_id).
 */
const SqliteCursor = z.tuple([z.string().regex(/^-?\d{1,19}$/)]);
const PgCursor = z.tuple([z.number(), z.string()]);

/** Every word must match, each as a prefix (search as you type). Terms are letters and digits only. */
export function ftsQuery(terms: string[]): string {
  return terms.map((t) => `"${t}"*`).join(' ');
}

/** The FTS5 query: the owner's rows whose text, or whose title, has every word. */
export function ftsMatch(ownerToken: string, terms: string[]): string {
  const words = ftsQuery(terms);
  return `owner : "${ownerToken}" AND (text : (${words}) OR title : (${words}))`;
}

/** The FTS5 query for title hits only (to flag them on a page). */
export function ftsTitleMatch(ownerToken: string, terms: string[]): string {
  return `owner : "${ownerToken}" AND title : (${ftsQuery(terms)})`;
}

/** to_tsquery text: every word as a prefix, optionally only lexemes of one weight (D text, A title). */
export function tsQuery(terms: string[], weight = ''): string {
  return terms.map((t) => `${t}:*${weight}`).join(' & ');
}

/** Hit columns, the same for both dialects; `m` and `c` are the message and its conversation. */
const HIT_COLUMNS = sql`m.message_id, m.conversation_id, m.parent_message_id, m.text, m.sender,
  m.is_created_by_user, m.endpoint, m.model, m.created_at, m.updated_at, c.title, c.is_archived`;

type Page = { rows: SearchHitRow[]; nextCursor: string | null };
type Opts = { query: string; limit: number; cursor?: string };

/**
 * SQLite: one FTS5 walk in rowid order (newest first), joined row by row to the message and its
 * conversation, stopping once the page is full. CROSS JOIN keeps FTS5 the outer loop, so its
 * order serves ORDER BY and LIMIT ends the walk (the plan is checked in search-plan.test.ts).
 */
export function sqliteSearchSql(userId: string, terms: string[], limit: number, after: string | null) {
  return sql<SearchHitRow & { search_key: string }>`
    SELECT ${HIT_COLUMNS}, CAST(f.rowid AS TEXT) AS search_key, 0 AS title_match
    FROM messages_fts f
    CROSS JOIN message_search_keys k ON k.id = f.rowid
    CROSS JOIN messages m ON m.user_id = k.user_id AND m.message_id = k.message_id
    CROSS JOIN conversations c ON c.conversation_id = m.conversation_id
    WHERE f.messages_fts MATCH ${ftsMatch(ownerToken(userId), terms)}
      AND k.user_id = ${userId} AND c.user_id = ${userId} AND c.expired_at IS NULL
      ${after === null ? sql`` : sql`AND f.rowid < CAST(${after} AS INTEGER)`}
    ORDER BY f.rowid DESC
    LIMIT ${limit + 1}`;
}

/** The owner's token in the index: 'u' and the hex of the id's UTF-8 (SQLite's lower(hex(id))). */
export function ownerToken(userId: string): string {
  return `u${Buffer.from(userId, 'utf8').toString('hex')}`;
}

async function searchSqlite(db: Db, userId: string, terms: string[], opts: Opts): Promise<Page> {
  const after = decodeCursor(opts.cursor, SqliteCursor)?.[0] ?? null;
  const { rows } = await sqliteSearchSql(userId, terms, opts.limit, after).execute(db);
  const page = pageOf(rows, opts.limit, (r) => [r.search_key]);
  if (page.rows.length > 0) {
    // Which of the page's hits are titles: the same index, between the page's first and last key.
    const { rows: titled } = await sql<{ key: string }>`
      SELECT CAST(rowid AS TEXT) AS key FROM messages_fts
      WHERE messages_fts MATCH ${ftsTitleMatch(ownerToken(userId), terms)}
        AND rowid <= CAST(${page.rows[0].search_key} AS INTEGER)
        AND rowid >= CAST(${page.rows.at(-1)!.search_key} AS INTEGER)`.execute(db);
    const keys = new Set(titled.map((t) => t.key));
    for (const r of page.rows) r.title_match = keys.has(r.search_key) ? 1 : 0;
  }
  return { rows: page.rows.map(({ search_key: _k, ...r }) => r), nextCursor: page.nextCursor };
}

/**
 * PostgreSQL: the user's search rows whose vector has every word (text lexemes) or every word as
 * a title lexeme (weight A), newest first. The owner lexeme keeps the GIN scan to this user's
 * rows; for common words the planner walks message_search_time instead and stops at the page.
 */
export function pgSearchSql(userId: string, terms: string[], limit: number, after: [number, string] | null) {
  const textQ = sql`to_tsquery(${sql.lit(TS_CONFIG)}, ${tsQuery(terms, 'D')})`;
  const titleQ = sql`to_tsquery(${sql.lit(TS_CONFIG)}, ${tsQuery(terms, 'A')})`;
  const ownerQ = sql`(${`'~${userId.replaceAll("'", "''")}'`})::tsquery`;
  return sql<SearchHitRow>`
    SELECT ${HIT_COLUMNS}, CASE WHEN s.vector @@ ${titleQ} THEN 1 ELSE 0 END AS title_match
    FROM message_search s
    JOIN messages m ON m.user_id = s.user_id AND m.message_id = s.message_id
    JOIN conversations c ON c.conversation_id = m.conversation_id AND c.user_id = s.user_id
    WHERE s.user_id = ${userId}
      AND s.vector @@ ((${textQ} || ${titleQ}) && ${ownerQ})
      AND c.expired_at IS NULL
      ${after === null ? sql`` : sql`AND (s.created_at, s.message_id) < (${after[0]}, ${after[1]})`}
    ORDER BY s.created_at DESC, s.message_id DESC
    LIMIT ${limit + 1}`;
}

async function searchPostgres(db: Db, userId: string, terms: string[], opts: Opts): Promise<Page> {
  const after = decodeCursor(opts.cursor, PgCursor);
  const { rows } = await pgSearchSql(userId, terms, opts.limit, after).execute(db);
  return pageOf(rows, opts.limit, (r) => [Number(r.created_at), r.message_id]);
}

/**
 * One page of the user's message search, newest first, keyset-paged. A message matches when its
 * text has every word (each as a prefix); a conversation whose title has every word matches as
 * its first message. Temporary chats (expired_at set) are never found; archived ones are, as in
 * LibreChat. Dialect SQL stays in this folder (DESIGN §6).
 */
export async function searchMessages(db: Db, dialect: Dialect, userId: string, opts: Opts): Promise<Page> {
  const terms = searchTerms(opts.query);
  if (terms.length === 0) return { rows: [], nextCursor: null };
  return dialect === 'postgres'
    ? searchPostgres(db, userId, terms, opts)
    : searchSqlite(db, userId, terms, opts);
}

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
 * PostgreSQL reads a user's newest search rows first, in two windows: a word common enough to fill
 * a page does so within them, whatever the corpus size. A word with no hit in the first window is
 * rare, and a word that does not fill the page in both is not common: either goes on to the GIN
 * index for the rows older than what was read, where it has few rows. The planner is not asked to
 * choose: its estimate for a prefix (`word:*`) is a guess, and a wrong guess walks every one of the
 * user's rows (seconds at a million). The cost is at most the windows plus the hits.
 */
export const PG_WALK_WINDOWS = [1000, 8000] as const;

type Key = [createdAt: number, messageId: string];
type PgHit = { message_id: string; created_at: number | string; title_match: number };

function pgQueries(terms: string[]) {
  const tsq = (weight: 'A' | 'D') => sql`to_tsquery(${sql.lit(TS_CONFIG)}, ${tsQuery(terms, weight)})`;
  return { any: sql`(${tsq('D')} || ${tsq('A')})`, title: tsq('A') };
}

const before = (key: Key | null) =>
  key === null ? sql`` : sql`AND (s.created_at, s.message_id) < (${key[0]}, ${key[1]})`;

/** Hits among the user's `rows` newest rows past `after` (the subquery bounds the walk). */
export function pgWalkSql(userId: string, terms: string[], limit: number, after: Key | null, rows: number) {
  const q = pgQueries(terms);
  return sql<PgHit>`
    SELECT w.message_id, w.created_at, CASE WHEN w.vector @@ ${q.title} THEN 1 ELSE 0 END AS title_match
    FROM (
      SELECT s.message_id, s.created_at, s.vector FROM message_search s
      WHERE s.user_id = ${userId} ${before(after)}
      ORDER BY s.created_at DESC, s.message_id DESC
      LIMIT ${rows}
    ) w
    WHERE w.vector @@ ${q.any}
    ORDER BY w.created_at DESC, w.message_id DESC
    LIMIT ${limit + 1}`;
}

/** The oldest row of a walk's window, when the user has rows past it. */
function pgWindowEndSql(userId: string, after: Key | null, rows: number) {
  return sql<{ created_at: number | string; message_id: string }>`
    SELECT s.created_at, s.message_id FROM message_search s
    WHERE s.user_id = ${userId} ${before(after)}
    ORDER BY s.created_at DESC, s.message_id DESC
    OFFSET ${rows - 1} LIMIT 1`;
}

/**
 * For a query of several words, how many rows of the walk's window each word matches: the index
 * phase is driven by the rarest, since a common prefix (`the:*`) makes GIN merge the postings of
 * every lexeme it starts, all users' (cost that grows with the corpus), before the first row.
 */
function pgWindowCountsSql(userId: string, terms: string[], after: Key | null, rows: number) {
  const counts = terms.map(
    (t, i) => sql`count(*) FILTER (WHERE w.vector @@ ${pgQueries([t]).any}) AS ${sql.ref(`c${i}`)}`,
  );
  return sql<Record<string, number | string>>`
    SELECT ${sql.join(counts)}
    FROM (
      SELECT s.vector FROM message_search s
      WHERE s.user_id = ${userId} ${before(after)}
      ORDER BY s.created_at DESC, s.message_id DESC
      LIMIT ${rows}
    ) w`;
}

/**
 * Hits older than the window, from the GIN index on the `driver` word and the owner lexeme (the
 * user's rows only), then checked against every word. The inner query has no condition on user_id
 * (the (user, time) index cannot be chosen for it) and OFFSET 0 keeps the outer checks out of it.
 */
export function pgIndexSql(userId: string, terms: string[], driver: string, limit: number, olderThan: Key) {
  const q = pgQueries(terms);
  const owner = sql`(${`'~${userId.replaceAll("'", "''")}'`})::tsquery`;
  return sql<PgHit>`
    SELECT g.message_id, g.created_at, CASE WHEN g.vector @@ ${q.title} THEN 1 ELSE 0 END AS title_match
    FROM (
      SELECT s.user_id, s.message_id, s.created_at, s.vector FROM message_search s
      WHERE s.vector @@ (${pgQueries([driver]).any} && ${owner}) ${before(olderThan)}
      OFFSET 0
    ) g
    WHERE g.user_id = ${userId} AND g.vector @@ ${q.any}
    ORDER BY g.created_at DESC, g.message_id DESC
    LIMIT ${limit}`;
}

/** The word the index phase starts from: the one the fewest window rows match (then the longest). */
async function pgDriverTerm(db: Db, userId: string, terms: string[], after: Key | null): Promise<string> {
  if (terms.length === 1) return terms[0];
  const { rows } = await pgWindowCountsSql(userId, terms, after, PG_WALK_WINDOWS[0]).execute(db);
  const count = (i: number) => Number(rows[0][`c${i}`]);
  let best = 0;
  for (let i = 1; i < terms.length; i++) {
    if (count(i) < count(best) || (count(i) === count(best) && terms[i].length > terms[best].length))
      best = i;
  }
  return terms[best];
}

/** The page's messages with their conversations (temporary chats have no search rows). */
function pgPageRows(userId: string, ids: string[]) {
  return sql<Omit<SearchHitRow, 'title_match'>>`
    SELECT ${HIT_COLUMNS}
    FROM messages m JOIN conversations c ON c.conversation_id = m.conversation_id AND c.user_id = m.user_id
    WHERE m.user_id = ${userId} AND m.message_id IN (${sql.join(ids)}) AND c.expired_at IS NULL`;
}

async function searchPostgres(db: Db, userId: string, terms: string[], opts: Opts): Promise<Page> {
  const cursor = decodeCursor(opts.cursor, PgCursor);
  const hits: PgHit[] = [];
  // Rows newer than `read` have been looked at; null once the user has no rows past them.
  let read: Key | null = cursor;
  let rest = true;
  for (const rows of PG_WALK_WINDOWS) {
    const { rows: found } = await pgWalkSql(userId, terms, opts.limit - hits.length, read, rows).execute(db);
    hits.push(...found);
    if (hits.length > opts.limit) break;
    const { rows: end } = await pgWindowEndSql(userId, read, rows).execute(db);
    rest = end.length > 0;
    if (!rest) break;
    read = [Number(end[0].created_at), end[0].message_id];
    if (found.length === 0) break;
  }
  if (hits.length <= opts.limit && rest && read !== null) {
    const driver = await pgDriverTerm(db, userId, terms, cursor);
    const older = await pgIndexSql(userId, terms, driver, opts.limit + 1 - hits.length, read).execute(db);
    hits.push(...older.rows);
  }
  const page = pageOf(hits, opts.limit, (h) => [Number(h.created_at), h.message_id]);
  if (page.rows.length === 0) return { rows: [], nextCursor: null };
  const { rows } = await pgPageRows(
    userId,
    page.rows.map((h) => h.message_id),
  ).execute(db);
  const byId = new Map(rows.map((r) => [r.message_id, r]));
  return {
    rows: page.rows.flatMap((h) => {
      const row = byId.get(h.message_id);
      return row ? [{ ...row, title_match: h.title_match }] : [];
    }),
    nextCursor: page.nextCursor,
  };
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

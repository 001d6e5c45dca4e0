import { foldWord } from '@parley/schema';
import { sql } from 'kysely';
import { z } from 'zod';
import { TS_CONFIG } from '../db/dialects/search-ddl.ts';
import type { Db, Dialect } from '../db/index.ts';
import { decodeCursor, encodeCursor } from '../db/keyset.ts';
import { promptListQuery } from '../db/repos/prompts.ts';
import type { PromptGroupsTable } from '../db/schema.ts';
import { ftsQuery, tsQuery } from './messages.ts';

/**
 * The prompt library's full-text index (db/dialects/prompt-search-ddl.ts): writing a group's row
 * inside the caller's transaction, and searching the groups a user may see. A group's row holds
 * its name, oneliner and production text, and access tokens: each reader (the author and the chosen
 * users), `all` when shared with everyone, and the category. A search matches the words and one of
 * the searcher's tokens in the same lookup, so another user's private group is never read.
 */

const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');
/** Access tokens: letters and digits only, one token each; they live in their own column/lexemes. */
export const readerToken = (userId: string) => `u${hex(userId)}`;
export const EVERYONE_TOKEN = 'all';
export const categoryToken = (category: string) => `c${hex(category)}`;

/** What lists and searches return of a group (the repo adds author and production text). */
export type PromptGroupHit = PromptGroupsTable;

export interface PromptSearch {
  userId: string;
  terms: string[];
  category?: string;
  limit: number;
  cursor?: string;
  /** Rows to skip (pageNumber without a cursor: LibreChat's page numbers). */
  offset?: number;
}

const foldText = (text: string) => foldWord(text);

/**
 * Write the group's search row as the group now is (its production text, its readers), or drop it
 * when the group is gone. Call inside the transaction that changed the group.
 */
export async function writePromptSearch(trx: Db, dialect: Dialect, groupId: string): Promise<void> {
  const g = await trx.selectFrom('prompt_groups').selectAll().where('id', '=', groupId).executeTakeFirst();
  if (!g) return;
  const production = g.production_id
    ? await trx.selectFrom('prompts').select('prompt').where('id', '=', g.production_id).executeTakeFirst()
    : undefined;
  const shares = await trx
    .selectFrom('prompt_group_shares')
    .select('user_id')
    .where('group_id', '=', groupId)
    .execute();
  const readers = [g.author_id, ...shares.map((s) => s.user_id)];
  const text = production?.prompt ?? '';
  if (dialect === 'sqlite') {
    const access = [
      ...readers.map(readerToken),
      ...(g.is_public ? [EVERYONE_TOKEN] : []),
      categoryToken(g.category),
    ].join(' ');
    await sql`DELETE FROM prompt_groups_fts
      WHERE rowid = (SELECT id FROM prompt_search_keys WHERE group_id = ${groupId})`.execute(trx);
    await sql`DELETE FROM prompt_search_keys WHERE group_id = ${groupId}`.execute(trx);
    const { rows } = await sql<{ id: number }>`
      INSERT INTO prompt_search_keys (group_id) VALUES (${groupId}) RETURNING id`.execute(trx);
    await sql`INSERT INTO prompt_groups_fts (rowid, access, name, oneliner, prompt)
      VALUES (${rows[0].id}, ${access}, ${g.name}, ${g.oneliner}, ${text})`.execute(trx);
    return;
  }
  const lexemes = [
    ...readers.map((id) => `~${readerToken(id)}`),
    ...(g.is_public ? [`~${EVERYONE_TOKEN}`] : []),
    `~${categoryToken(g.category)}`,
  ];
  const words = foldText(`${g.name}\n${g.oneliner}\n${text}`);
  await sql`INSERT INTO prompt_group_search (group_id, updated_at, vector)
    VALUES (${groupId}, ${g.updated_at},
      to_tsvector(${sql.lit(TS_CONFIG)}, ${words}) || array_to_tsvector(CAST(${lexemes} AS text[])))
    ON CONFLICT (group_id) DO UPDATE SET updated_at = EXCLUDED.updated_at, vector = EXCLUDED.vector`.execute(
    trx,
  );
}

// ── SQLite ─────────────────────────────────────────────────────────────────────────────────────

/** The FTS5 query: one of the searcher's access tokens, the category's, and every word. */
export function promptFtsMatch(userId: string, terms: string[], category?: string): string {
  const access = `access : ("${readerToken(userId)}" OR "${EVERYONE_TOKEN}")`;
  const cat = category === undefined ? '' : ` AND access : "${categoryToken(category)}"`;
  return `${access}${cat} AND {name oneliner prompt} : (${ftsQuery(terms)})`;
}

const SqliteCursor = z.tuple([z.string().regex(/^\d{1,19}$/)]);

/**
 * SQLite: one FTS5 walk in rowid order (most recently written first), joined row by row to the
 * group, stopping once the page is full (CROSS JOIN keeps FTS5 the outer loop).
 */
export function sqlitePromptSearchSql(s: PromptSearch) {
  const after = decodeCursor(s.cursor, SqliteCursor)?.[0] ?? null;
  return sql<PromptGroupHit & { search_key: string }>`
    SELECT g.*, CAST(f.rowid AS TEXT) AS search_key
    FROM prompt_groups_fts f
    CROSS JOIN prompt_search_keys k ON k.id = f.rowid
    CROSS JOIN prompt_groups g ON g.id = k.group_id
    WHERE f.prompt_groups_fts MATCH ${promptFtsMatch(s.userId, s.terms, s.category)}
      ${after === null ? sql`` : sql`AND f.rowid < CAST(${after} AS INTEGER)`}
    ORDER BY f.rowid DESC
    LIMIT ${s.limit + 1} ${s.offset && after === null ? sql`OFFSET ${s.offset}` : sql``}`;
}

// ── PostgreSQL ─────────────────────────────────────────────────────────────────────────────────

const lexeme = (token: string) => `'~${token.replaceAll("'", "''")}'`;

/** The access (and category) part of the tsquery: lexemes cast as written, never parsed. */
export function pgAccessQuery(userId: string, category?: string): string {
  const access = `(${lexeme(readerToken(userId))} | ${lexeme(EVERYONE_TOKEN)})`;
  return category === undefined ? access : `${access} & ${lexeme(categoryToken(category))}`;
}

function pgMatch(s: Pick<PromptSearch, 'userId' | 'terms' | 'category'>) {
  const words = tsQuery(s.terms.map(foldText));
  return sql`s.vector @@ (to_tsquery(${sql.lit(TS_CONFIG)}, ${words}) && CAST(${pgAccessQuery(s.userId, s.category)} AS tsquery))`;
}

/**
 * PostgreSQL, by the GIN index: the words and the searcher's access lexemes together (only groups
 * they may see), newest update first. The sort reads search rows only; the page's groups are read
 * after (joined before the sort, every hit's group row was read).
 */
export function pgPromptIndexSql(
  s: PromptSearch,
  olderThan: readonly [number, string] | null,
  limit: number,
) {
  return sql<{ group_id: string; updated_at: number | string }>`
    SELECT s.group_id, s.updated_at FROM prompt_group_search s
    WHERE ${pgMatch(s)}
      ${olderThan === null ? sql`` : sql`AND (s.updated_at, s.group_id) < (${olderThan[0]}, ${olderThan[1]})`}
    ORDER BY s.updated_at DESC, s.group_id DESC
    LIMIT ${limit} ${s.offset ? sql`OFFSET ${s.offset}` : sql``}`;
}

/**
 * The searcher's newest PG_PROMPT_WALK visible groups (the list's own branches, in index order)
 * with whether each matches: a common word fills the page here without the index reading all its
 * hits (a word in most of 10,000 groups made the index path sort them all, ~50 ms).
 */
export const PG_PROMPT_WALK = 400;

export function pgPromptWalkSql(db: Db, s: PromptSearch) {
  const words = tsQuery(s.terms.map(foldText));
  const window = promptListQuery(db, s.userId, {
    category: s.category,
    cursor: s.cursor,
    limit: PG_PROMPT_WALK - 1,
  });
  // The match as a subquery per row: one primary-key lookup each, never a join that reads every
  // search row (which a planner may prefer while the table is small).
  return sql<{ group_id: string; updated_at: number | string; hit: boolean }>`
    SELECT w.id AS group_id, w.updated_at,
      (SELECT s.vector @@ to_tsquery(${sql.lit(TS_CONFIG)}, ${words})
       FROM prompt_group_search s WHERE s.group_id = w.id) AS hit
    FROM (${window}) w
    ORDER BY w.updated_at DESC, w.id DESC`;
}

async function searchPostgres(db: Db, s: PromptSearch) {
  type Key = { group_id: string; updated_at: number | string };
  let hits: Key[];
  if (s.offset && !s.cursor) {
    hits = (await pgPromptIndexSql(s, null, s.limit + 1).execute(db)).rows;
  } else {
    const walked = (await pgPromptWalkSql(db, s).execute(db)).rows;
    hits = walked.filter((r) => r.hit).slice(0, s.limit + 1);
    const last = walked.at(-1);
    if (hits.length <= s.limit && walked.length >= PG_PROMPT_WALK && last) {
      const older: [number, string] = [Number(last.updated_at), last.group_id];
      const rest = await pgPromptIndexSql({ ...s, offset: 0 }, older, s.limit + 1 - hits.length).execute(db);
      hits.push(...rest.rows);
    }
  }
  const ids = hits.map((h) => h.group_id);
  const rows = ids.length
    ? await db.selectFrom('prompt_groups').selectAll().where('id', 'in', ids).execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return hits.map((h) => byId.get(h.group_id)).filter((r): r is PromptGroupHit => r !== undefined);
}

/** One page of hits: rows, and the cursor after the last when there are more. */
export async function searchPromptGroups(
  db: Db,
  dialect: Dialect,
  s: PromptSearch,
): Promise<{ rows: PromptGroupHit[]; nextCursor: string | null }> {
  if (dialect === 'sqlite') {
    const { rows } = await sqlitePromptSearchSql(s).execute(db);
    const page = rows.slice(0, s.limit);
    const last = page.at(-1);
    return {
      rows: page.map(({ search_key: _k, ...r }) => r),
      nextCursor: rows.length > s.limit && last ? encodeCursor([last.search_key]) : null,
    };
  }
  const rows = await searchPostgres(db, s);
  const page = rows.slice(0, s.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > s.limit && last ? encodeCursor([Number(last.updated_at), last.id]) : null,
  };
}

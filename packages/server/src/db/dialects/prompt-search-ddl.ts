import { type Kysely, sql } from 'kysely';
import { FTS_PREFIXES, FTS_TOKENIZER, isPostgres, PG_GIN_PENDING_KB } from './search-ddl.ts';

/**
 * The prompt library's full-text index (issue 18): one row per group over its name, oneliner and
 * production text, plus access tokens (who may see it, and its category) that no text can produce,
 * so one index lookup keeps to the groups the searcher may see. search/prompts.ts writes a group's
 * row in the same transaction as each write to the group (there is nothing to sync).
 *
 * SQLite: a contentless FTS5 table whose rowid is the group's search key, taken anew (the largest
 * plus one) each time the group is written, so rowid order is most recently updated first and
 * `ORDER BY rowid DESC LIMIT n` reads only as far as the page. The key lives in a small table; a
 * trigger drops both when the group goes (a user's deletion cascades to their groups).
 *
 * PostgreSQL: `prompt_group_search` holds the group's updated_at and a tsvector (the words, and
 * `~`-lexemes for access and category), with a GIN index; it cascades with the group.
 */
const sqliteStatements = [
  `CREATE TABLE prompt_search_keys (
     id INTEGER PRIMARY KEY,
     group_id TEXT NOT NULL UNIQUE
   )`,
  `CREATE VIRTUAL TABLE prompt_groups_fts USING fts5(access, name, oneliner, prompt, content='',
     contentless_delete=1, detail=column, tokenize='${FTS_TOKENIZER}', prefix='${FTS_PREFIXES}')`,
  `CREATE TRIGGER prompt_groups_search_delete AFTER DELETE ON prompt_groups BEGIN
     DELETE FROM prompt_groups_fts WHERE rowid = (SELECT id FROM prompt_search_keys WHERE group_id = old.id);
     DELETE FROM prompt_search_keys WHERE group_id = old.id;
   END`,
];

const postgresStatements = [
  `CREATE TABLE prompt_group_search (
     group_id text PRIMARY KEY REFERENCES prompt_groups(id) ON DELETE CASCADE,
     updated_at bigint NOT NULL,
     vector tsvector NOT NULL
   )`,
  `CREATE INDEX prompt_group_search_vector ON prompt_group_search USING gin (vector)
     WITH (gin_pending_list_limit = ${PG_GIN_PENDING_KB})`,
];

export async function createPromptSearchIndex(db: Kysely<unknown>): Promise<void> {
  for (const statement of isPostgres(db) ? postgresStatements : sqliteStatements) {
    await sql.raw(statement).execute(db);
  }
}

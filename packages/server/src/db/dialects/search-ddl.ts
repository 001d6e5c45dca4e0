import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The full-text index lives in the database and is written by the database itself in the same
 * transaction as the row (DESIGN §1.3): there is nothing to sync and no re-index command.
 *
 * SQLite: contentless FTS5 tables kept by triggers. Message and conversation keys are text, and an
 * implicit rowid may change on VACUUM, so each indexed row gets a stable integer id in a small key
 * table (INTEGER PRIMARY KEY survives VACUUM) that doubles as the FTS rowid.
 *
 * PostgreSQL: GIN expression indexes over to_tsvector('simple', …): the index is maintained by the
 * engine on every write; no extra column.
 */
export const TS_CONFIG = 'simple';
export const FTS_TOKENIZER = 'unicode61 remove_diacritics 2';

const sqliteStatements = [
  // Messages.
  `CREATE TABLE message_search_keys (
     id INTEGER PRIMARY KEY,
     user_id TEXT NOT NULL,
     message_id TEXT NOT NULL,
     UNIQUE (user_id, message_id)
   )`,
  `CREATE VIRTUAL TABLE messages_fts USING fts5(text, content='', contentless_delete=1, tokenize='${FTS_TOKENIZER}')`,
  `CREATE TRIGGER messages_search_insert AFTER INSERT ON messages BEGIN
     INSERT INTO message_search_keys (user_id, message_id) VALUES (new.user_id, new.message_id);
     INSERT INTO messages_fts (rowid, text)
       SELECT id, new.text FROM message_search_keys WHERE user_id = new.user_id AND message_id = new.message_id;
   END`,
  `CREATE TRIGGER messages_search_update AFTER UPDATE OF text, user_id, message_id ON messages BEGIN
     DELETE FROM messages_fts WHERE rowid =
       (SELECT id FROM message_search_keys WHERE user_id = old.user_id AND message_id = old.message_id);
     UPDATE message_search_keys SET user_id = new.user_id, message_id = new.message_id
       WHERE user_id = old.user_id AND message_id = old.message_id;
     INSERT INTO messages_fts (rowid, text)
       SELECT id, new.text FROM message_search_keys WHERE user_id = new.user_id AND message_id = new.message_id;
   END`,
  `CREATE TRIGGER messages_search_delete AFTER DELETE ON messages BEGIN
     DELETE FROM messages_fts WHERE rowid =
       (SELECT id FROM message_search_keys WHERE user_id = old.user_id AND message_id = old.message_id);
     DELETE FROM message_search_keys WHERE user_id = old.user_id AND message_id = old.message_id;
   END`,
  // Conversation titles.
  `CREATE TABLE conversation_search_keys (
     id INTEGER PRIMARY KEY,
     conversation_id TEXT NOT NULL UNIQUE
   )`,
  `CREATE VIRTUAL TABLE conversations_fts USING fts5(title, content='', contentless_delete=1, tokenize='${FTS_TOKENIZER}')`,
  `CREATE TRIGGER conversations_search_insert AFTER INSERT ON conversations BEGIN
     INSERT INTO conversation_search_keys (conversation_id) VALUES (new.conversation_id);
     INSERT INTO conversations_fts (rowid, title)
       SELECT id, new.title FROM conversation_search_keys WHERE conversation_id = new.conversation_id;
   END`,
  `CREATE TRIGGER conversations_search_update AFTER UPDATE OF title, conversation_id ON conversations BEGIN
     DELETE FROM conversations_fts WHERE rowid =
       (SELECT id FROM conversation_search_keys WHERE conversation_id = old.conversation_id);
     UPDATE conversation_search_keys SET conversation_id = new.conversation_id
       WHERE conversation_id = old.conversation_id;
     INSERT INTO conversations_fts (rowid, title)
       SELECT id, new.title FROM conversation_search_keys WHERE conversation_id = new.conversation_id;
   END`,
  `CREATE TRIGGER conversations_search_delete AFTER DELETE ON conversations BEGIN
     DELETE FROM conversations_fts WHERE rowid =
       (SELECT id FROM conversation_search_keys WHERE conversation_id = old.conversation_id);
     DELETE FROM conversation_search_keys WHERE conversation_id = old.conversation_id;
   END`,
  // Rows written before this migration are indexed now.
  `INSERT INTO message_search_keys (user_id, message_id) SELECT user_id, message_id FROM messages`,
  `INSERT INTO messages_fts (rowid, text)
     SELECT k.id, m.text FROM message_search_keys k
     JOIN messages m ON m.user_id = k.user_id AND m.message_id = k.message_id`,
  `INSERT INTO conversation_search_keys (conversation_id) SELECT conversation_id FROM conversations`,
  `INSERT INTO conversations_fts (rowid, title)
     SELECT k.id, c.title FROM conversation_search_keys k
     JOIN conversations c ON c.conversation_id = k.conversation_id`,
];

/**
 * PostgreSQL refuses a tsvector over 1 MB, so only a message's first characters are indexed (and
 * searched: the query uses the same expression). A pasted multi-megabyte log would otherwise make
 * the insert — the send itself — fail.
 */
export const PG_SEARCH_PREFIX_CHARS = 100_000;

// Expression indexes index every existing row when they are created.
const postgresStatements = [
  `CREATE INDEX messages_search ON messages USING gin (to_tsvector('${TS_CONFIG}', left(text, ${PG_SEARCH_PREFIX_CHARS})))`,
  `CREATE INDEX conversations_search ON conversations USING gin (to_tsvector('${TS_CONFIG}', title))`,
];

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function createSearchIndex(db: Kysely<unknown>): Promise<void> {
  for (const statement of isPostgres(db) ? postgresStatements : sqliteStatements) {
    await sql.raw(statement).execute(db);
  }
}

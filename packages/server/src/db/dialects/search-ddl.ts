import { NO_PARENT } from '@parley/schema';
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The full-text index lives in the database and is written by the database itself in the same
 * transaction as the row (DESIGN §1.3): there is nothing to sync and no re-index command.
 *
 * One search row per message holds three things, so that one index walk, newest first, answers a
 * search and can stop once a page is full (cost follows the page, not the user's message count):
 * - the owner, as a token no text can produce, so the index itself keeps to one user's messages;
 * - the message text;
 * - the conversation's title, on the conversation's first message only (a title hit is that
 *   message), kept there by triggers when titles, roots or conversations change.
 *
 * SQLite: a contentless FTS5 table whose rowid is the message's search key, `created_at` × 2^20
 * plus a sequence within the millisecond, so FTS5's rowid order is the results' order (newest
 * first) and `ORDER BY rowid DESC LIMIT n` reads only as far as the page. The key lives in a small
 * table (INTEGER PRIMARY KEY survives VACUUM). Prefix indexes make short prefixes (search as you
 * type) one doclist, walked like a word's, instead of a merge of every word that starts with them.
 *
 * PostgreSQL: a `message_search` table kept by triggers, one row per message with its time and a
 * tsvector (text lexemes, title lexemes weighted A, the owner lexeme); a (user, time) index to walk
 * a user's newest rows, and a GIN index for the words too rare to fill a page that way
 * (search/messages.ts takes the one, then the other).
 */
export const TS_CONFIG = 'simple';
export const FTS_TOKENIZER = 'unicode61 remove_diacritics 2';
/**
 * Prefix lengths FTS5 indexes on their own. A longer prefix is answered by merging the doclists of
 * every word it starts, all of them before the first row: cost that grows with the corpus for a
 * common word. Up to 6 letters covers what is typed while searching and the short common words.
 */
export const FTS_PREFIXES = '1 2 3 4 5 6';
/** Search keys per millisecond (2^20): a key is created_at × this + a sequence. */
export const SEARCH_KEY_SPAN = 1_048_576;

/**
 * PostgreSQL refuses a tsvector over 1 MB, so only a message's first characters are indexed (and
 * searched). A pasted multi-megabyte log would otherwise make the insert — the send itself — fail.
 */
export const PG_SEARCH_PREFIX_CHARS = 100_000;

/** The GIN index's pending list, in kB (PostgreSQL's default is 4096). */
export const PG_GIN_PENDING_KB = 256;

/** The owner token: hex keeps any user id one FTS5 token; no message text yields a 'u'+hex column value. */
const sqliteOwner = (userId: string) => `'u' || lower(hex(${userId}))`;

/**
 * Search rows of the given messages (conditions on the view's columns). A plain INSERT for a new
 * row: INSERT OR REPLACE would have FTS5 record a delete (a tombstone) in every segment whose rowid
 * range holds the new rowid, and messages arrive out of rowid order, so writes slowed as the index
 * grew (4 ms a message at 300k).
 */
const sqliteWriteRows = (where: string) =>
  `INSERT INTO messages_fts (rowid, owner, text, title)
     SELECT id, owner, text, title FROM message_search_rows WHERE ${where};`;

/** Rows that exist already (a root that gains or loses the title): delete, then write again. */
const sqliteRewriteRows = (where: string) =>
  `DELETE FROM messages_fts WHERE rowid IN (SELECT id FROM message_search_rows WHERE ${where});
   ${sqliteWriteRows(where)}`;

const sqliteNewKey = `INSERT INTO message_search_keys (id, user_id, message_id) VALUES (
     (SELECT COALESCE(MAX(id) + 1, new.created_at * ${SEARCH_KEY_SPAN}) FROM message_search_keys
       WHERE id >= new.created_at * ${SEARCH_KEY_SPAN} AND id < (new.created_at + 1) * ${SEARCH_KEY_SPAN}),
     new.user_id, new.message_id);`;

const sqliteDropRow = `DELETE FROM messages_fts WHERE rowid =
       (SELECT id FROM message_search_keys WHERE user_id = old.user_id AND message_id = old.message_id);
     DELETE FROM message_search_keys WHERE user_id = old.user_id AND message_id = old.message_id;`;

/** The other roots of a conversation: one of them may have gained or lost the title. */
const sqliteRetitle = (rec: 'new' | 'old', except = "''") =>
  sqliteRewriteRows(`${rec}.parent_message_id = '${NO_PARENT}' AND user_id = ${rec}.user_id
       AND conversation_id = ${rec}.conversation_id AND parent_message_id = '${NO_PARENT}'
       AND message_id <> ${except}`);

const sqliteStatements = [
  // The first layout (migration 008): FTS5 over text and, apart, titles; it could not stop early.
  'DROP TRIGGER IF EXISTS messages_search_insert',
  'DROP TRIGGER IF EXISTS messages_search_update',
  'DROP TRIGGER IF EXISTS messages_search_delete',
  'DROP TRIGGER IF EXISTS conversations_search_insert',
  'DROP TRIGGER IF EXISTS conversations_search_update',
  'DROP TRIGGER IF EXISTS conversations_search_delete',
  'DROP TABLE IF EXISTS messages_fts',
  'DROP TABLE IF EXISTS message_search_keys',
  'DROP TABLE IF EXISTS conversations_fts',
  'DROP TABLE IF EXISTS conversation_search_keys',

  `CREATE TABLE message_search_keys (
     id INTEGER PRIMARY KEY,
     user_id TEXT NOT NULL,
     message_id TEXT NOT NULL,
     UNIQUE (user_id, message_id)
   )`,
  // detail=column: rowids and columns, no word positions (every query term is one token: letters,
  // digits and marks, none of them a unicode61 separator), which keeps the prefix indexes small.
  `CREATE VIRTUAL TABLE messages_fts USING fts5(owner, text, title, content='', contentless_delete=1,
     detail=column, tokenize='${FTS_TOKENIZER}', prefix='${FTS_PREFIXES}')`,
  // What a message's search row holds; the title only on the conversation's first root.
  `CREATE VIEW message_search_rows AS
   SELECT k.id, ${sqliteOwner('m.user_id')} AS owner, m.text,
     CASE WHEN m.parent_message_id = '${NO_PARENT}' AND NOT EXISTS (
       SELECT 1 FROM messages f
       WHERE f.user_id = m.user_id AND f.conversation_id = m.conversation_id
         AND f.parent_message_id = '${NO_PARENT}'
         -- The range alone keeps the lookup on messages_conversation; with only the OR, SQLite
         -- took it as two index scans, one of them over every message of the user.
         AND f.created_at <= m.created_at
         AND (f.created_at < m.created_at OR f.message_id < m.message_id))
     THEN (SELECT c.title FROM conversations c
           WHERE c.conversation_id = m.conversation_id AND c.user_id = m.user_id)
     END AS title,
     m.user_id, m.message_id, m.conversation_id, m.parent_message_id
   FROM messages m JOIN message_search_keys k ON k.user_id = m.user_id AND k.message_id = m.message_id`,

  `CREATE TRIGGER messages_search_insert AFTER INSERT ON messages BEGIN
     ${sqliteNewKey}
     ${sqliteWriteRows('user_id = new.user_id AND message_id = new.message_id')}
     ${sqliteRetitle('new', 'new.message_id')}
   END`,
  `CREATE TRIGGER messages_search_update
   AFTER UPDATE OF text, user_id, message_id, conversation_id, parent_message_id, created_at ON messages BEGIN
     ${sqliteDropRow}
     ${sqliteNewKey}
     ${sqliteWriteRows('user_id = new.user_id AND message_id = new.message_id')}
     ${sqliteRetitle('old', 'new.message_id')}
     ${sqliteRetitle('new', 'new.message_id')}
   END`,
  `CREATE TRIGGER messages_search_delete AFTER DELETE ON messages BEGIN
     ${sqliteDropRow}
     ${sqliteRetitle('old')}
   END`,
  `CREATE TRIGGER conversations_search_insert AFTER INSERT ON conversations BEGIN
     ${sqliteRewriteRows(`user_id = new.user_id AND conversation_id = new.conversation_id AND parent_message_id = '${NO_PARENT}'`)}
   END`,
  `CREATE TRIGGER conversations_search_update AFTER UPDATE OF title ON conversations BEGIN
     ${sqliteRewriteRows(`user_id = new.user_id AND conversation_id = new.conversation_id AND parent_message_id = '${NO_PARENT}'`)}
   END`,

  // Rows written before this layout are indexed now, keys in time order.
  `INSERT INTO message_search_keys (id, user_id, message_id)
     SELECT created_at * ${SEARCH_KEY_SPAN} + ROW_NUMBER() OVER (PARTITION BY created_at ORDER BY user_id, message_id) - 1,
       user_id, message_id
     FROM messages`,
  'INSERT INTO messages_fts (rowid, owner, text, title) SELECT id, owner, text, title FROM message_search_rows',
];

/** The owner lexeme: '~' never starts a lexeme the 'simple' parser makes from text. */
export const pgOwnerLexeme = (userId: string) => `array_to_tsvector(ARRAY['~' || ${userId}])`;

/** Temporary chats are never found, so their messages get no search row (see pgWriteRows). */
const pgNotTemporary = (conversationId: string) => `NOT EXISTS (
         SELECT 1 FROM conversations t
         WHERE t.conversation_id = ${conversationId} AND t.expired_at IS NOT NULL)`;
const PG_UPSERT = `ON CONFLICT (user_id, message_id)
       DO UPDATE SET created_at = EXCLUDED.created_at, vector = EXCLUDED.vector`;

/**
 * Upsert the search rows of the messages `where` selects (a condition on messages m). Temporary
 * chats get no row: the query can then take a page of hits from message_search alone and join
 * only that page (conversations are made before their messages, and a chat is temporary from its
 * creation).
 */
const pgWriteRows = (where: string) => `
     INSERT INTO message_search (user_id, message_id, created_at, vector)
       SELECT m.user_id, m.message_id, m.created_at, parley_message_vector(m) FROM messages m
       WHERE ${where} AND ${pgNotTemporary('m.conversation_id')}
     ${PG_UPSERT}`;

/** The trigger's own row, written from NEW: looking it up again would be a read per message. */
const pgWriteNew = `
     INSERT INTO message_search (user_id, message_id, created_at, vector)
       SELECT NEW.user_id, NEW.message_id, NEW.created_at, parley_message_vector(NEW)
       WHERE ${pgNotTemporary('NEW.conversation_id')}
     ${PG_UPSERT}`;

/**
 * PL/pgSQL keeps a statement's plan for the session once it has run five times. In a new database,
 * or on an import into a near-empty one, that fixes plans made for empty tables, which may read all
 * of the user's rows for each row written (an import slowed from 0.2 s to 1.5 s a batch within
 * 3,000 conversations). So the trigger functions plan each statement for the tables as they are.
 */
const PG_PLAN_EACH_CALL = 'SET plan_cache_mode = force_custom_plan';

/** The trigger functions; migration 019 replaces them in databases that took 017 before this. */
export const pgSearchTriggerFunctions = [
  `CREATE OR REPLACE FUNCTION parley_messages_search() RETURNS trigger LANGUAGE plpgsql
   ${PG_PLAN_EACH_CALL} AS $$
   BEGIN
     IF TG_OP IN ('UPDATE', 'DELETE') THEN
       IF TG_OP = 'DELETE' OR (OLD.user_id, OLD.message_id) IS DISTINCT FROM (NEW.user_id, NEW.message_id) THEN
         DELETE FROM message_search WHERE user_id = OLD.user_id AND message_id = OLD.message_id;
       END IF;
       IF OLD.parent_message_id = '${NO_PARENT}' THEN
         PERFORM parley_search_retitle(OLD.user_id, OLD.conversation_id,
           CASE WHEN TG_OP = 'UPDATE' THEN NEW.message_id END);
       END IF;
     END IF;
     IF TG_OP IN ('INSERT', 'UPDATE') THEN
       ${pgWriteNew};
       IF NEW.parent_message_id = '${NO_PARENT}' THEN
         PERFORM parley_search_retitle(NEW.user_id, NEW.conversation_id, NEW.message_id);
       END IF;
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE FUNCTION parley_conversations_search() RETURNS trigger LANGUAGE plpgsql
   ${PG_PLAN_EACH_CALL} AS $$
   BEGIN
     PERFORM parley_search_retitle(NEW.user_id, NEW.conversation_id, NULL);
     RETURN NULL;
   END $$`,
];

const postgresStatements = [
  // The first layout (migration 008): expression indexes on text and titles, no way to stop early.
  'DROP INDEX IF EXISTS messages_search',
  'DROP INDEX IF EXISTS conversations_search',

  // Apart from messages, so that reading messages never carries their vectors.
  `CREATE TABLE message_search (
     user_id text NOT NULL,
     message_id text NOT NULL,
     created_at bigint NOT NULL,
     vector tsvector NOT NULL,
     PRIMARY KEY (user_id, message_id)
   )`,

  // A message's vector; the title only on the conversation's first root.
  `CREATE FUNCTION parley_message_vector(m messages) RETURNS tsvector LANGUAGE sql STABLE AS $$
     SELECT to_tsvector('${TS_CONFIG}', left(m.text, ${PG_SEARCH_PREFIX_CHARS}))
       || COALESCE((
         SELECT setweight(to_tsvector('${TS_CONFIG}', c.title), 'A') FROM conversations c
         WHERE m.parent_message_id = '${NO_PARENT}'
           AND c.conversation_id = m.conversation_id AND c.user_id = m.user_id
           AND NOT EXISTS (
             SELECT 1 FROM messages f
             WHERE f.user_id = m.user_id AND f.conversation_id = m.conversation_id
               AND f.parent_message_id = '${NO_PARENT}' AND f.message_id <> m.message_id
               AND (f.created_at, f.message_id) < (m.created_at, m.message_id))
       ), ''::tsvector)
       || ${pgOwnerLexeme('m.user_id')}
   $$`,
  // A conversation's roots: which one is first (and holds the title) may have changed.
  `CREATE FUNCTION parley_search_retitle(p_user text, p_conversation text, p_except text) RETURNS void
   LANGUAGE sql AS $$ ${pgWriteRows(`m.user_id = p_user AND m.conversation_id = p_conversation
       AND m.parent_message_id = '${NO_PARENT}' AND m.message_id IS DISTINCT FROM p_except`)}
   $$`,
  ...pgSearchTriggerFunctions,
  `CREATE TRIGGER messages_search
   AFTER INSERT OR DELETE OR UPDATE OF text, user_id, message_id, conversation_id, parent_message_id, created_at
   ON messages FOR EACH ROW EXECUTE FUNCTION parley_messages_search()`,
  `CREATE TRIGGER conversations_search
   AFTER INSERT OR UPDATE OF title ON conversations
   FOR EACH ROW EXECUTE FUNCTION parley_conversations_search()`,

  // Rows written before this layout, then the indexes (built once, over the filled table).
  pgWriteRows('true'),
  // A GIN index queues new entries in a pending list that every search reads through; a small
  // list keeps that read short (the default, 4 MB, costs tens of ms a search after many writes).
  `CREATE INDEX message_search_vector ON message_search USING gin (vector)
     WITH (gin_pending_list_limit = ${PG_GIN_PENDING_KB})`,
  // Walking a user's newest messages: common words fill a page within a few thousand rows.
  'CREATE INDEX message_search_time ON message_search (user_id, created_at, message_id)',
];

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Replace whatever search layout the database has with this one, indexing every row. */
export async function createSearchIndex(db: Kysely<unknown>): Promise<void> {
  for (const statement of isPostgres(db) ? postgresStatements : sqliteStatements) {
    await sql.raw(statement).execute(db);
  }
}

/**
 * Bulk writers for the corpus: plain INSERTs into the app's own tables, so the app's triggers
 * (SQLite FTS5) and GIN expression indexes (PostgreSQL) build the search index exactly as they do
 * for rows the app writes. Nothing here touches a search table.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { ConversationData, ConversationRow, MessageRow } from './corpus.ts';

export interface CorpusWriter {
  /** Write a batch of conversations with their messages in one transaction. */
  write(batch: readonly ConversationData[]): Promise<void>;
  /** Finish (PostgreSQL: vacuum and analyze) and close the connection. */
  close(): Promise<void>;
}

type SqlType = 'text' | 'bigint' | 'integer';

const CONVERSATION_COLUMNS: Record<keyof ConversationRow, SqlType> = {
  conversation_id: 'text',
  user_id: 'text',
  title: 'text',
  endpoint: 'text',
  model: 'text',
  is_archived: 'integer',
  tags: 'text',
  expired_at: 'bigint',
  created_at: 'bigint',
  updated_at: 'bigint',
};

const MESSAGE_COLUMNS: Record<keyof MessageRow, SqlType> = {
  user_id: 'text',
  message_id: 'text',
  conversation_id: 'text',
  parent_message_id: 'text',
  sender: 'text',
  text: 'text',
  content: 'text',
  is_created_by_user: 'integer',
  endpoint: 'text',
  model: 'text',
  finish_reason: 'text',
  token_count: 'integer',
  created_at: 'bigint',
  updated_at: 'bigint',
};

const namesOf = <T extends object>(columns: Record<keyof T, SqlType>) => Object.keys(columns) as (keyof T)[];

/** One prepared single-row INSERT per table, run row by row inside one transaction per batch. */
export function sqliteWriter(file: string): CorpusWriter {
  const db = new SQLite(file);
  // A throwaway corpus: no fsync per commit and a larger page cache make the build several times
  // faster. Both are per-connection; the server opens its own connection with its own settings.
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const insert = <T extends object>(table: string, columns: Record<keyof T, SqlType>) => {
    const names = namesOf<T>(columns);
    const statement = db.prepare(
      `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    );
    return (row: T) => statement.run(names.map((name) => row[name]));
  };
  const insertConversation = insert<ConversationRow>('conversations', CONVERSATION_COLUMNS);
  const insertMessage = insert<MessageRow>('messages', MESSAGE_COLUMNS);
  const writeBatch = db.transaction((batch: readonly ConversationData[]) => {
    for (const { conversation, messages } of batch) {
      insertConversation(conversation);
      for (const message of messages) insertMessage(message);
    }
  });
  return {
    write: async (batch) => {
      writeBatch(batch);
    },
    close: async () => {
      db.close();
    },
  };
}

/** Rows per INSERT … SELECT FROM unnest(…): one array parameter per column, any number of rows. */
const PG_ROWS_PER_STATEMENT = 5_000;

async function insertByUnnest<T extends object>(
  client: pg.Client,
  table: string,
  columns: Record<keyof T, SqlType>,
  rows: readonly T[],
): Promise<void> {
  const names = namesOf<T>(columns);
  const arrays = names.map((name, i) => `$${i + 1}::${columns[name]}[]`).join(', ');
  const text = `INSERT INTO ${table} (${names.join(', ')}) SELECT * FROM unnest(${arrays})`;
  for (let i = 0; i < rows.length; i += PG_ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + PG_ROWS_PER_STATEMENT);
    await client.query(
      text,
      names.map((name) => chunk.map((row) => row[name])),
    );
  }
}

/**
 * Multi-row INSERTs through unnest (the repository's pg driver has no COPY support without another
 * package). Vacuum and analyze at the end: a live database's autovacuum would have done both long
 * ago, and leaving them to it would let it start in the middle of the measurements.
 */
export async function postgresWriter(url: string): Promise<CorpusWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    write: async (batch) => {
      await client.query('BEGIN');
      try {
        await insertByUnnest(
          client,
          'conversations',
          CONVERSATION_COLUMNS,
          batch.map((c) => c.conversation),
        );
        await insertByUnnest(
          client,
          'messages',
          MESSAGE_COLUMNS,
          batch.flatMap((c) => c.messages),
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
    close: async () => {
      try {
        // The whole database: the search index's own tables (and GIN pending lists) too.
        await client.query('VACUUM ANALYZE');
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A heavy user's corpus for the query benchmark, written with plain SQL into the app's migrated
 * tables: one user with many conversations and messages (some archived, tagged, shared, temporary)
 * among other users' rows, inserted in time order as years of use would leave them on disk.
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type pg from 'pg';

export interface CorpusSize {
  conversations: number;
  messagesPerConversation: number;
  otherUsers: number;
  otherConversations: number;
  otherMessagesPerConversation: number;
}

/** The issue's heavy user (1M messages in 10k conversations) plus half as much for 20 others. */
export const FULL: CorpusSize = {
  conversations: 10_000,
  messagesPerConversation: 100,
  otherUsers: 20,
  otherConversations: 500,
  otherMessagesPerConversation: 50,
};

/** Rows go to the database table by table in chunks; each dialect has its own fast path. */
export interface RowSink {
  insert(table: string, rows: Record<string, unknown>[]): Promise<void>;
  /** Called once a chunk of every table is flushed. */
  commit(): Promise<void>;
}

/** A small deterministic PRNG (mulberry32), so two runs seed the same shapes. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vi', 'so', 'pe', 'da', 'gu', 'fi', 'ho', 'ze', 'bra'];
/** 3,375 pseudo-words picked with a skew, so a few are common and most are rare (like prose). */
const WORDS = SYLLABLES.flatMap((a) => SYLLABLES.flatMap((b) => SYLLABLES.map((c) => a + b + c)));
const TITLE_WORDS = ['Plan', 'Trip', 'Recipe', 'Bug', 'Essay', 'Budget', 'Poem', 'Query', 'Draft', 'Notes'];

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 1);

export interface Corpus {
  heavyUserId: string;
  /** A word of the heavy user's titles that is rare (few matches: the LIKE filter reads far). */
  rareTitleWord: string;
  size: CorpusSize;
}

/** Write the corpus through `sink`; returns the heavy user's id. */
export async function writeCorpus(sink: RowSink, size: CorpusSize, seed = 1): Promise<Corpus> {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const word = () => WORDS[Math.floor(WORDS.length * random() ** 3)];
  const text = () => Array.from({ length: 10 + Math.floor(random() * 60) }, word).join(' ');

  const heavyUserId = randomUUID();
  const users = [heavyUserId, ...Array.from({ length: size.otherUsers }, () => randomUUID())];
  await sink.insert(
    'users',
    users.map((id, i) => ({
      id,
      email: `bench${i}-${id.slice(0, 8)}@example.com`,
      username: null,
      name: `Bench ${i}`,
      password_hash: null,
      avatar: null,
      role: 'USER',
      provider: 'local',
      email_verified: 1,
      created_at: NOW - 800 * DAY,
      updated_at: NOW - 800 * DAY,
    })),
  );
  await sink.insert(
    'conversation_tags',
    ['Saved', 'work', 'ideas'].map((tag, position) => ({
      id: randomUUID(),
      user_id: heavyUserId,
      tag,
      description: null,
      position,
      created_at: NOW - 700 * DAY,
      updated_at: NOW - 700 * DAY,
    })),
  );

  // Which user each conversation belongs to and when it started, written oldest first: users' rows
  // interleave on disk, and row ids follow time, as years of use leave them.
  const owners: { userId: string; createdAt: number }[] = [
    ...Array.from({ length: size.conversations }, () => heavyUserId),
    ...users.slice(1).flatMap((u) => Array.from({ length: size.otherConversations }, () => u)),
  ]
    .map((userId) => ({ userId, createdAt: NOW - Math.floor(random() * 730 * DAY) }))
    .sort((a, b) => a.createdAt - b.createdAt);

  let conversations: Record<string, unknown>[] = [];
  let messages: Record<string, unknown>[] = [];
  let links: Record<string, unknown>[] = [];
  const flush = async () => {
    await sink.insert('conversations', conversations);
    await sink.insert('messages', messages);
    await sink.insert('shared_links', links);
    await sink.commit();
    conversations = [];
    messages = [];
    links = [];
  };
  for (const [n, { userId, createdAt }] of owners.entries()) {
    const heavy = userId === heavyUserId;
    const conversationId = randomUUID();
    const count = heavy ? size.messagesPerConversation : size.otherMessagesPerConversation;
    let parent = '00000000-0000-0000-0000-000000000000';
    let at = createdAt;
    for (let m = 0; m < count; m++) {
      const messageId = randomUUID();
      at += 1000 + Math.floor(random() * 60_000);
      messages.push({
        user_id: userId,
        message_id: messageId,
        conversation_id: conversationId,
        parent_message_id: parent,
        sender: m % 2 === 0 ? 'User' : 'GPT-4o',
        text: text(),
        content: null,
        is_created_by_user: m % 2 === 0 ? 1 : 0,
        error: 0,
        unfinished: 0,
        endpoint: 'openAI',
        model: 'gpt-4o',
        finish_reason: null,
        token_count: null,
        client_timestamp: null,
        metadata: null,
        files: null,
        created_at: at,
        updated_at: at,
      });
      parent = messageId;
    }
    const roll = random();
    // 5% bookmarked, 10% archived, 1% temporary (not yet expired), 10% of the heavy user's shared.
    const tags = roll < 0.03 ? ['Saved'] : roll < 0.05 ? ['work', 'ideas'] : [];
    const title = `${pick(TITLE_WORDS)} ${word()} ${n}`;
    conversations.push({
      conversation_id: conversationId,
      user_id: userId,
      title,
      endpoint: 'openAI',
      endpoint_type: null,
      model: 'gpt-4o',
      parameters: null,
      spec: null,
      is_archived: random() < 0.1 ? 1 : 0,
      tags: JSON.stringify(tags),
      expired_at: random() < 0.01 ? NOW + 30 * DAY : null,
      created_at: createdAt,
      updated_at: at,
    });
    if (heavy && random() < 0.1) {
      links.push({
        share_id: randomUUID(),
        user_id: userId,
        conversation_id: conversationId,
        title,
        is_public: 1,
        messages: '[]',
        message_count: count,
        created_at: at,
        updated_at: at,
      });
    }
    if (messages.length >= 20_000) await flush();
  }
  await flush();
  return { heavyUserId, rareTitleWord: 'zzz-no-such-title', size };
}

/** SQLite: one prepared INSERT per table, chunks in transactions. */
export function sqliteSink(db: Database.Database): RowSink {
  const statements = new Map<string, Database.Statement>();
  let open = false;
  return {
    async insert(table, rows) {
      if (rows.length === 0) return;
      if (!open) {
        db.exec('BEGIN');
        open = true;
      }
      const columns = Object.keys(rows[0]);
      let stmt = statements.get(table);
      if (!stmt) {
        stmt = db.prepare(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
        );
        statements.set(table, stmt);
      }
      for (const row of rows) stmt.run(row);
    },
    async commit() {
      if (open) db.exec('COMMIT');
      open = false;
    },
  };
}

/** PostgreSQL: one INSERT … SELECT FROM unnest(column arrays) per chunk and table. */
export function postgresSink(client: pg.ClientBase): RowSink {
  const types = new Map<string, Map<string, string>>();
  const typesOf = async (table: string) => {
    let t = types.get(table);
    if (!t) {
      const { rows } = await client.query<{ column_name: string; data_type: string }>(
        'SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1',
        [table],
      );
      t = new Map(rows.map((r) => [r.column_name, r.data_type]));
      types.set(table, t);
    }
    return t;
  };
  return {
    async insert(table, rows) {
      if (rows.length === 0) return;
      const columnTypes = await typesOf(table);
      const columns = Object.keys(rows[0]);
      const arrays = columns.map((c) => rows.map((r) => r[c]));
      const casts = columns.map((c, i) => `$${i + 1}::${columnTypes.get(c)}[]`);
      await client.query(
        `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${casts.join(', ')})`,
        arrays,
      );
    },
    async commit() {},
  };
}

import SQLite from 'better-sqlite3';
import { Kysely, type Migration, Migrator, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.ts';
import * as m001 from '../db/migrations/001-initial.ts';
import * as m002 from '../db/migrations/002-user-keys.ts';
import * as m003 from '../db/migrations/003-session-grace.ts';
import * as m004 from '../db/migrations/004-message-metadata.ts';
import * as m005 from '../db/migrations/005-balance.ts';
import * as m006 from '../db/migrations/006-presets.ts';
import * as m007 from '../db/migrations/007-conversation-spec.ts';
import type { Database } from '../db/schema.ts';
import { searchMessages } from './messages.ts';

const before: Record<string, Migration> = {
  '001-initial': m001,
  '002-user-keys': m002,
  '003-session-grace': m003,
  '004-message-metadata': m004,
  '005-balance': m005,
  '006-presets': m006,
  '007-conversation-spec': m007,
};

describe('search migration', () => {
  it('indexes the messages and titles written before it', async () => {
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    const old = new Migrator({ db, provider: { getMigrations: async () => before } });
    expect((await old.migrateToLatest()).error).toBeUndefined();
    const now = Date.now();
    await db
      .insertInto('users')
      .values({
        id: 'u1',
        email: 'a@example.com',
        username: null,
        name: 'A',
        password_hash: null,
        avatar: null,
        role: 'USER',
        provider: 'local',
        email_verified: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('conversations')
      .values({
        conversation_id: 'c1',
        user_id: 'u1',
        title: 'Gardening plans',
        endpoint: null,
        endpoint_type: null,
        model: null,
        parameters: null,
        spec: null,
        is_archived: 0,
        tags: '[]',
        expired_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const message = (id: string, text: string, parent: string, at: number) => ({
      user_id: 'u1',
      message_id: id,
      conversation_id: 'c1',
      parent_message_id: parent,
      sender: 'User',
      text,
      content: null,
      is_created_by_user: 1,
      error: 0,
      unfinished: 0,
      endpoint: null,
      model: null,
      finish_reason: null,
      token_count: null,
      client_timestamp: null,
      metadata: null,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('messages')
      .values([
        message('m1', 'How deep should tulip bulbs go?', '00000000-0000-0000-0000-000000000000', now),
        message('m2', 'And what about daffodils?', 'm1', now + 1),
      ])
      .execute();

    await migrateToLatest(db as Kysely<unknown>);

    const search = (query: string) =>
      searchMessages(db, 'sqlite', 'u1', { query, limit: 10 }).then((r) =>
        r.rows.map((h) => [h.message_id, Number(h.title_match) === 1]),
      );
    expect(await search('tulip')).toEqual([['m1', false]]);
    expect(await search('daffodil')).toEqual([['m2', false]]);
    // A title hit is the conversation's first message.
    expect(await search('gardening')).toEqual([['m1', true]]);
    expect(await searchMessages(db, 'sqlite', 'other', { query: 'tulip', limit: 10 })).toEqual({
      rows: [],
      nextCursor: null,
    });
    await db.destroy();
  });
});

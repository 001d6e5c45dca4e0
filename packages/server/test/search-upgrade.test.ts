import { NO_PARENT } from '@parley/schema';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../src/db/index.ts';
import { migrateToLatest, migrations } from '../src/db/migrate.ts';
import { newConversationRow } from '../src/db/rows.ts';
import type { Database } from '../src/db/schema.ts';
import { searchMessages } from '../src/search/messages.ts';
import { messageRow } from './factories.ts';
import { SEARCH_V1_POSTGRES, SEARCH_V1_SQLITE } from './fixtures/search-v1.ts';
import { dialects, freshPostgresUrl } from './helpers.ts';

/**
 * A database made before issue 13 has the first search layout (migration 008 as it was): 017 must
 * drop it, index every message again, and leave search working, titles included.
 */
describe.each(dialects)('search layout upgrade (%s)', (dialect: Dialect) => {
  it('replaces the first layout and indexes the rows written under it', async () => {
    const pgDb = dialect === 'postgres' ? await freshPostgresUrl() : null;
    const db = new Kysely<Database>({
      dialect: pgDb
        ? new PostgresDialect({ pool: new pg.Pool({ connectionString: pgDb.url, max: 2 }) })
        : new SqliteDialect({ database: new SQLite(':memory:') }),
    });
    try {
      const { '017-search-scale': _latest, ...before } = migrations;
      const old = new Migrator({
        db,
        provider: { getMigrations: async () => before },
        allowUnorderedMigrations: true,
      });
      expect((await old.migrateToLatest()).error).toBeUndefined();
      for (const statement of dialect === 'postgres' ? SEARCH_V1_POSTGRES : SEARCH_V1_SQLITE) {
        await sql.raw(statement).execute(db);
      }
      const now = Date.now();
      await db
        .insertInto('users')
        .values({
          id: 'u1',
          email: 'a@example.com',
          name: 'A',
          role: 'USER',
          provider: 'local',
          email_verified: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const c = newConversationRow({
        userId: 'u1',
        endpoint: null,
        model: null,
        title: 'Gardening plans',
        createdAt: now,
      });
      await db.insertInto('conversations').values(c).execute();
      const first = messageRow({
        userId: 'u1',
        conversationId: c.conversation_id,
        text: 'How deep should tulip bulbs go?',
        createdAt: now,
      });
      const second = messageRow({
        userId: 'u1',
        conversationId: c.conversation_id,
        parentMessageId: first.message_id,
        text: 'And what about daffodils?',
        createdAt: now + 1,
      });
      expect(first.parent_message_id).toBe(NO_PARENT);
      await db.insertInto('messages').values([first, second]).execute();

      await migrateToLatest(db as Kysely<unknown>);

      const search = async (query: string) =>
        (await searchMessages(db, dialect, 'u1', { query, limit: 10 })).rows.map((h) => [
          h.message_id,
          Number(h.title_match) === 1,
        ]);
      expect(await search('tulip')).toEqual([[first.message_id, false]]);
      expect(await search('daffodil')).toEqual([[second.message_id, false]]);
      expect(await search('gardening')).toEqual([[first.message_id, true]]);
      // Written after the upgrade: the new triggers index it.
      const third = messageRow({
        userId: 'u1',
        conversationId: c.conversation_id,
        parentMessageId: second.message_id,
        text: 'Crocus next',
        createdAt: now + 2,
      });
      await db.insertInto('messages').values(third).execute();
      expect(await search('crocus')).toEqual([[third.message_id, false]]);
    } finally {
      await db.destroy();
      await pgDb?.drop();
    }
  });
});

import { NO_PARENT } from '@parley/schema';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../src/db/index.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { newConversationRow } from '../src/db/rows.ts';
import type { MessageRow } from '../src/db/schema.ts';
import { searchMessages } from '../src/search/messages.ts';
import { messageRow } from './factories.ts';
import { SEARCH_V1_POSTGRES, SEARCH_V1_SQLITE } from './fixtures/search-v1.ts';
import { databaseAt, dialects, insertOldUser } from './helpers.ts';

/**
 * Databases made before search, and before issue 13 with the first search layout (migration 008 as
 * it was): upgrading must drop the old layout, index every message written before, and leave
 * search working, titles included, and the triggers indexing what is written after.
 */
const upgrades = [
  { from: 'a database from before search', last: '007-conversation-spec', layout: null },
  {
    from: 'the first search layout',
    last: '016-account',
    layout: { sqlite: SEARCH_V1_SQLITE, postgres: SEARCH_V1_POSTGRES },
  },
];

/** A message row any schema since 007 can hold (files came with 011). */
const withoutFiles = ({ files: _files, ...row }: MessageRow) => row;

describe.each(dialects)('search layout upgrade (%s)', (dialect: Dialect) => {
  it.each(upgrades)('indexes the rows written in $from', async ({ last, layout }) => {
    const { db, dispose } = await databaseAt(dialect, last);
    try {
      for (const statement of layout?.[dialect] ?? []) await sql.raw(statement).execute(db);
      const now = Date.now();
      await insertOldUser(db);
      const c = newConversationRow({
        userId: 'u1',
        endpoint: null,
        model: null,
        title: 'Gardening plans',
        createdAt: now,
      });
      // The conversation as those layouts stored it: agent_id came with migration 024.
      const { agent_id: _agent, ...older } = c;
      await db.insertInto('conversations').values(older).execute();
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
      await db.insertInto('messages').values([first, second].map(withoutFiles)).execute();

      await migrateToLatest(db as Kysely<unknown>);

      const search = async (query: string) =>
        (await searchMessages(db, dialect, 'u1', { query, limit: 10 })).rows.map((h) => [
          h.message_id,
          Number(h.title_match) === 1,
        ]);
      expect(await search('tulip')).toEqual([[first.message_id, false]]);
      expect(await search('daffodil')).toEqual([[second.message_id, false]]);
      expect(await search('gardening')).toEqual([[first.message_id, true]]);
      expect((await searchMessages(db, dialect, 'other', { query: 'tulip', limit: 10 })).rows).toEqual([]);
      // Written after the upgrade: the new triggers index it.
      const third = messageRow({
        userId: 'u1',
        conversationId: c.conversation_id,
        parentMessageId: second.message_id,
        text: 'Crocus next',
        createdAt: now + 2,
      });
      await db.insertInto('messages').values(withoutFiles(third)).execute();
      expect(await search('crocus')).toEqual([[third.message_id, false]]);
    } finally {
      await dispose();
    }
  });
});

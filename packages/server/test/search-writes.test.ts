import { NO_PARENT } from '@parley/schema';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { newConversationRow } from '../src/db/rows.ts';
import type { Database, MessageRow } from '../src/db/schema.ts';
import { messageRow } from './factories.ts';
import { freshPostgresUrl } from './helpers.ts';

/**
 * The search triggers' cost per message written must not grow with the messages the user has.
 * PostgreSQL keeps a trigger statement's plan for the session, so one connection that starts on an
 * empty database and keeps writing (an import) is the case to guard: its plans were once made for
 * empty tables and then read every message of the user for each message written. Counted in rows
 * the statements read, not time, so it holds on any machine.
 */
const CONVERSATIONS = 1_000;
const PER_CONVERSATION = 4;
const BATCH = 50;
/**
 * Rows read per row written: foreign keys, the temporary-chat check, a root's conversation and
 * earlier roots — about 13 alone, up to 26 seen in a full parallel run (plans after an
 * autoanalyze). The old triggers read over 3,000 per row here: the bound is far from both.
 */
const READS_PER_WRITE = 50;

describe.runIf(Boolean(process.env.TEST_POSTGRES_URL))('search triggers on PostgreSQL', () => {
  let db: Kysely<Database>;
  let drop: () => Promise<void>;
  const userId = 'heavy-user';

  const conversations = (count: number) =>
    Array.from({ length: count }, (_, i) => {
      const c = newConversationRow({ userId, endpoint: 'openAI', model: 'gpt-4o', title: `Chat ${i}` });
      let parentMessageId = NO_PARENT;
      const messages: MessageRow[] = [];
      for (let k = 0; k < PER_CONVERSATION; k++) {
        const m = messageRow({
          userId,
          conversationId: c.conversation_id,
          parentMessageId,
          text: `words of message ${k} in chat ${i}`,
        });
        messages.push(m);
        parentMessageId = m.message_id;
      }
      return { c, messages };
    });

  const write = (trx: Kysely<Database>, batch: ReturnType<typeof conversations>) =>
    trx
      .insertInto('conversations')
      .values(batch.map((b) => b.c))
      .execute()
      .then(() =>
        trx
          .insertInto('messages')
          .values(batch.flatMap((b) => b.messages))
          .execute(),
      );

  beforeAll(async () => {
    const fresh = await freshPostgresUrl();
    drop = fresh.drop;
    // One connection for everything, as one import job's transactions may all use the same one.
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: fresh.url, max: 1 }) }),
    });
    await migrateToLatest(db as Kysely<unknown>);
    await db
      .insertInto('users')
      .values({
        id: userId,
        email: 'heavy@example.com',
        username: null,
        name: 'Heavy',
        password_hash: null,
        avatar: null,
        role: 'USER',
        provider: 'local',
        email_verified: 1,
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    for (let i = 0; i < CONVERSATIONS; i += BATCH)
      await db.transaction().execute((trx) => write(trx, conversations(BATCH)));
  }, 120_000);

  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  it("reads a bounded number of rows per message written, not the user's messages", async () => {
    const batch = conversations(BATCH);
    let written = batch.length * (1 + PER_CONVERSATION);
    const reads = await db.transaction().execute(async (trx) => {
      await write(trx, batch);
      // Renames move titles; an edit rewrites a row; deletes drop rows and may move a title. One
      // statement per row, by its key, so that the reads counted are the triggers'.
      for (const { c } of batch.slice(0, 10))
        await trx
          .updateTable('conversations')
          .set({ title: 'Renamed' })
          .where('conversation_id', '=', c.conversation_id)
          .execute();
      written += 10;
      for (const [i, { messages }] of batch.entries()) {
        const byKey = { user_id: userId, message_id: messages[0].message_id };
        if (i < 10)
          await trx
            .deleteFrom('messages')
            .where((w) => w.and(byKey))
            .execute();
        else
          await trx
            .updateTable('messages')
            .set({ text: 'edited words' })
            .where((w) => w.and(byKey))
            .execute();
      }
      written += batch.length;
      // This transaction's own counts, before they reach the statistics views.
      const { rows } = await sql<{ n: string }>`
        SELECT sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)) AS n
        FROM pg_stat_xact_user_tables
        WHERE relname IN ('messages', 'conversations', 'message_search')`.execute(trx);
      return Number(rows[0].n);
    });
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(written * READS_PER_WRITE);
  });
});

import type { Kysely } from 'kysely';

/** The model spec a conversation was last run with, so the client can reselect it on reopen. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('spec', 'text').execute();
}

import type { Kysely } from 'kysely';

/** Small per-message facts as JSON (e.g. how many earlier turns were left out of the context). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('metadata', 'text').execute();
}

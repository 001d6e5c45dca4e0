import type { Kysely } from 'kysely';

/** When the user accepted the terms of service (doc 3 §4 Terms modal); null = not yet. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('terms_accepted_at', 'bigint').execute();
}

import type { Kysely } from 'kysely';

/**
 * The refresh token a session had before its last rotation: two tabs refreshing at once present
 * the same token, and the second must not be taken for a stolen one (auth/sessions.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('prev_token_hash', 'text').execute();
}

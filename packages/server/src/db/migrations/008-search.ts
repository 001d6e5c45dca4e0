import type { Kysely } from 'kysely';

/**
 * Full-text search first landed here; its layout is now made by 017-search-scale, which also drops
 * this migration's first layout from databases that have it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The retention job looks up expired temporary chats.
  await db.schema.createIndex('conversations_expired').on('conversations').column('expired_at').execute();
}

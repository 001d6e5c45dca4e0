import type { Kysely } from 'kysely';
import { createSearchIndex } from '../dialects/search-ddl.ts';

/** Full-text search over message text and conversation titles (dialect SQL lives in search/). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createSearchIndex(db);
  // The retention job looks up expired temporary chats.
  await db.schema.createIndex('conversations_expired').on('conversations').column('expired_at').execute();
}

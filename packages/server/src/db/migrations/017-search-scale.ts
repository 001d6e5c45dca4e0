import type { Kysely } from 'kysely';
import { createSearchIndex } from '../dialects/search-ddl.ts';

/**
 * Search that reads as far as the page, not the user's whole history (issue 13): one search row
 * per message in time order, the owner inside the index, titles on first messages. Every existing
 * message is indexed again, in this migration's transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createSearchIndex(db);
}

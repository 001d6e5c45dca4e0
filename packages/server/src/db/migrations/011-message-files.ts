import type { Kysely } from 'kysely';

/** Files shown with a message (doc 2 §3.8): a JSON list of {file_id, filename, filepath, type, …}. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('files', 'text').execute();
}

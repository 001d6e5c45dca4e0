import { type Kysely, sql } from 'kysely';

/**
 * Files (issue 14): one row per stored file, its bytes under the storage's key. Processing
 * (extraction, chunks, embeddings) keeps its own tables (021) and sets status/embedded/tokens here
 * in the same transaction as it writes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('file_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    // Where the storage keeps the bytes (storage-relative, never a client-given path).
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('local'))
    .addColumn('tool_resource', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ready'))
    .addColumn('error', 'text')
    .addColumn('embedded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tokens', 'integer')
    .addColumn('conversation_id', 'text')
    .addColumn('message_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .execute();
  // Keyset paging of the files panel and manager: by date, and by name as sorted (lower case).
  await db.schema
    .createIndex('files_by_created')
    .on('files')
    .columns(['user_id', 'created_at', 'file_id'])
    .execute();
  await db.schema
    .createIndex('files_by_name')
    .on('files')
    .column('user_id')
    .expression(sql`lower(filename)`)
    .column('file_id')
    .execute();
}

import type { Kysely } from 'kysely';

/** Token credits per user and the ledger of what each reply cost (issue 3 §7). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('balances')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_credits', 'bigint', (c) => c.notNull())
    .addColumn('last_refill', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text')
    .addColumn('message_id', 'text')
    .addColumn('token_type', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('raw_amount', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'real', (c) => c.notNull())
    .addColumn('token_value', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transactions_user')
    .on('transactions')
    .columns(['user_id', 'created_at'])
    .execute();
}

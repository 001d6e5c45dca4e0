import { type Kysely, sql } from 'kysely';
import { isPostgres, pgSearchTriggerFunctions } from '../dialects/search-ddl.ts';

/**
 * PostgreSQL's search triggers as 017 made them kept their first plans for the session, made on
 * near-empty tables, and then read all of a user's messages for each message written. They are
 * replaced by ones that plan each call (search-ddl.ts). SQLite plans each statement already.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const statement of pgSearchTriggerFunctions) await sql.raw(statement).execute(db);
}

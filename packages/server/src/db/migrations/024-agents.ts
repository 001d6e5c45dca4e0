import type { Kysely } from 'kysely';

/**
 * Agents (issue 15). The fields a builder edits travel together as JSON in `settings`; the columns
 * are what lists filter and sort by. Every save also writes the saved state to `agent_versions`
 * (history and revert), and every run of an agent leaves a row in `agent_runs` (its author's usage).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('description', 'text')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    // JSON: instructions, model_parameters, tools, agent_ids, tool_resources, … (AgentCreateBody).
    .addColumn('settings', 'text', (c) => c.notNull())
    // JSON {filepath, source} or null.
    .addColumn('avatar', 'text')
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('general'))
    // Shared with every user (the instance project, doc 3 §4).
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_collaborative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_promoted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('agents_by_author').on('agents').columns(['author_id', 'updated_at']).execute();
  await db.schema.createIndex('agents_public').on('agents').columns(['is_public', 'updated_at']).execute();

  await db.schema
    .createTable('agent_versions')
    .addColumn('agent_id', 'text', (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    // JSON: the AgentCreateBody as saved.
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_versions_pk', ['agent_id', 'version'])
    .execute();

  await db.schema
    .createTable('agent_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agent_id', 'text', (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('input_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('output_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credits', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('tool_calls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('agent_runs_by_agent')
    .on('agent_runs')
    .columns(['agent_id', 'created_at'])
    .execute();
  await db.schema.createIndex('agent_runs_by_user').on('agent_runs').column('user_id').execute();

  await db.schema.alterTable('conversations').addColumn('agent_id', 'text').execute();
}

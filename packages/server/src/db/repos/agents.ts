import { AgentCreateBody } from '@parley/schema';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../index.ts';
import { decodeCursor, pageOf, pastCursor } from '../keyset.ts';
import type { AgentRunsTable, AgentsTable, AgentVersionsTable, FilesTable } from '../schema.ts';

/** An agent's builder fields, as stored in `settings` (name, description, provider, model are columns). */
export type AgentSettings = AgentCreateBody;

/** The stored row's builder fields with their defaults filled (older rows lack newer fields). */
export function agentSettings(row: AgentsTable): AgentSettings {
  return AgentCreateBody.parse({
    ...JSON.parse(row.settings),
    name: row.name,
    description: row.description,
    provider: row.provider,
    model: row.model,
    category: row.category,
  });
}

/** The columns and JSON that hold `settings` on a row. */
function settingsColumns(s: AgentSettings) {
  const { name, description, provider, model, category, ...rest } = s;
  return {
    name: name ?? null,
    description: description ?? null,
    provider,
    model,
    category: category ?? 'general',
    settings: JSON.stringify(rest),
  };
}

/** Versions GET /api/agents/:id/versions returns, newest first (value not shown). */
export const AGENT_VERSIONS_LISTED = 100;

export interface AgentListOptions {
  search?: string;
  category?: string;
  promoted?: boolean;
  /** 'mine': the user's own; 'shared': shared with all by others; both when absent. */
  scope?: 'mine' | 'shared';
  cursor?: string;
  limit: number;
}

const AgentCursor = z.tuple([z.number(), z.string()]);

export type AgentWithAuthor = AgentsTable & { author_name: string | null };

/**
 * One branch of the list: the user's own agents (agents_by_author) or the ones others share with
 * everyone (agents_public), newest update first, each read in its index's order from the cursor.
 */
function listBranch(db: Db, userId: string, opts: AgentListOptions, which: 'mine' | 'shared') {
  let q = db.selectFrom('agents').selectAll();
  q =
    which === 'mine'
      ? q.where('author_id', '=', userId)
      : q.where('is_public', '=', 1).where('author_id', '!=', userId);
  if (opts.category) q = q.where('category', '=', opts.category);
  if (opts.promoted) q = q.where('is_promoted', '=', 1);
  const search = opts.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`lower(coalesce(${sql.ref('name')}, '')) like ${pattern} escape '\\'`,
        sql<boolean>`lower(coalesce(${sql.ref('description')}, '')) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const cursor = decodeCursor(opts.cursor, AgentCursor);
  if (cursor) q = q.where(pastCursor(sql.ref('updated_at'), sql.ref('id'), 'desc', cursor));
  return q
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit + 1);
}

/**
 * The agents a user sees (their own and those shared with all users), filtered, newest update
 * first. Two index-ordered branches, each bounded by the page, merged: one OR over author and
 * sharing would read every public agent before the page.
 */
export function agentListQuery(db: Db, userId: string, opts: AgentListOptions) {
  if (opts.scope) return listBranch(db, userId, opts, opts.scope);
  const mine = db.selectFrom(listBranch(db, userId, opts, 'mine').as('m')).selectAll();
  const shared = db.selectFrom(listBranch(db, userId, opts, 'shared').as('s')).selectAll();
  return db
    .selectFrom(mine.unionAll(shared).as('u'))
    .selectAll()
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit + 1);
}

/** What a save changes; settings are the builder's fields as a whole. */
export interface AgentChange {
  settings?: AgentSettings;
  avatar?: { filepath: string; source: string } | null;
  isPublic?: boolean;
  isCollaborative?: boolean;
  isPromoted?: boolean;
}

/**
 * Agents. Reads are scoped to what the user may see: their own agents and those shared with
 * everyone; who may edit, share or delete is the policy's call (auth/policies/agents.ts), which
 * is why `get` (any agent by id) is only ever followed by a policy check.
 */
export function agentsRepo(db: Db) {
  const withAuthors = async (rows: AgentsTable[]): Promise<AgentWithAuthor[]> => {
    const ids = [...new Set(rows.map((r) => r.author_id))];
    const names = ids.length
      ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute()
      : [];
    const byId = new Map(names.map((n) => [n.id, n.name]));
    return rows.map((r) => ({ ...r, author_name: byId.get(r.author_id) ?? null }));
  };

  const writeVersion = (trx: Db, row: AgentsTable, updatedBy: string) =>
    trx
      .insertInto('agent_versions')
      .values({
        agent_id: row.id,
        version: row.version,
        snapshot: JSON.stringify(agentSettings(row)),
        updated_by: updatedBy,
        created_at: row.updated_at,
      })
      .execute();

  return {
    /** The agent when `userId` may see it (author, or shared with all users). */
    async getVisible(userId: string, id: string): Promise<AgentsTable | undefined> {
      return db
        .selectFrom('agents')
        .selectAll()
        .where('id', '=', id)
        .where((eb) => eb.or([eb('author_id', '=', userId), eb('is_public', '=', 1)]))
        .executeTakeFirst();
    },

    /** Any agent by id: for a policy to decide on (admins see private agents). */
    async get(id: string): Promise<AgentsTable | undefined> {
      return db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The author's name beside each row. */
    withAuthors,

    /** Which of `ids` the user may see. */
    async visibleIds(userId: string, ids: readonly string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db
        .selectFrom('agents')
        .select('id')
        .where('id', 'in', [...ids])
        .where((eb) => eb.or([eb('author_id', '=', userId), eb('is_public', '=', 1)]))
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    /** A keyset page of the agents the user sees (agentListQuery). */
    async list(
      userId: string,
      opts: AgentListOptions,
    ): Promise<{ rows: AgentWithAuthor[]; nextCursor: string | null }> {
      const rows = (await agentListQuery(db, userId, opts).execute()) as AgentsTable[];
      const page = pageOf(rows, opts.limit, (r) => [Number(r.updated_at), r.id]);
      return { rows: await withAuthors(page.rows), nextCursor: page.nextCursor };
    },

    /** Agents the user sees, by category (the gallery's counts). */
    async categoryCounts(userId: string): Promise<Map<string, number>> {
      const count = (q: ReturnType<typeof countsFrom>) => q.execute();
      const countsFrom = (which: 'mine' | 'shared') => {
        let q = db
          .selectFrom('agents')
          .select(['category', (eb) => eb.fn.countAll<number | string>().as('n')]);
        q =
          which === 'mine'
            ? q.where('author_id', '=', userId)
            : q.where('is_public', '=', 1).where('author_id', '!=', userId);
        return q.groupBy('category');
      };
      const out = new Map<string, number>();
      for (const rows of await Promise.all([count(countsFrom('mine')), count(countsFrom('shared'))])) {
        for (const r of rows) out.set(r.category, (out.get(r.category) ?? 0) + Number(r.n));
      }
      return out;
    },

    /** A new agent and its version 1, together. */
    async insert(row: AgentsTable): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('agents').values(row).execute();
        await writeVersion(trx, row, row.author_id);
      });
    },

    /**
     * Save `change` over `current` (the row as the caller read it). A change of the builder's
     * fields is a new version, written to agent_versions in the same transaction; sharing,
     * featuring and the avatar are not. Undefined when the row changed meanwhile (the caller
     * reads it again and retries) or is gone.
     */
    async update(
      current: AgentsTable,
      change: AgentChange,
      updatedBy: string,
      /** More writes in the same transaction, after the agent's (an action saved with its tools). */
      alsoWrite?: (trx: Db) => Promise<void>,
    ): Promise<AgentsTable | undefined> {
      const now = Math.max(Date.now(), Number(current.updated_at) + 1);
      const next: AgentsTable = { ...current, updated_at: now };
      if (change.settings) {
        Object.assign(next, settingsColumns(change.settings));
        const before = JSON.stringify(agentSettings(current));
        if (JSON.stringify(agentSettings(next)) !== before) next.version = current.version + 1;
      }
      if (change.avatar !== undefined) next.avatar = change.avatar ? JSON.stringify(change.avatar) : null;
      if (change.isPublic !== undefined) next.is_public = change.isPublic ? 1 : 0;
      if (change.isCollaborative !== undefined) next.is_collaborative = change.isCollaborative ? 1 : 0;
      if (change.isPromoted !== undefined) next.is_promoted = change.isPromoted ? 1 : 0;
      return db.transaction().execute(async (trx) => {
        const { id, author_id: _a, created_at: _c, ...set } = next;
        const res = await trx
          .updateTable('agents')
          .set(set)
          .where('id', '=', id)
          .where('version', '=', current.version)
          .where('updated_at', '=', current.updated_at)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return undefined;
        if (next.version !== current.version) await writeVersion(trx, next, updatedBy);
        await alsoWrite?.(trx);
        return next;
      });
    },

    async remove(id: string): Promise<boolean> {
      const res = await db.deleteFrom('agents').where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** Saved states, newest first. */
    async versions(id: string): Promise<AgentVersionsTable[]> {
      return db
        .selectFrom('agent_versions')
        .selectAll()
        .where('agent_id', '=', id)
        .orderBy('version', 'desc')
        .limit(AGENT_VERSIONS_LISTED)
        .execute();
    },

    async version(id: string, version: number): Promise<AgentVersionsTable | undefined> {
      return db
        .selectFrom('agent_versions')
        .selectAll()
        .where('agent_id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
    },

    /** Every run of the agent, by anyone, summed (the author's usage figures). */
    async usage(id: string) {
      const row = await db
        .selectFrom('agent_runs')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('runs'),
          eb.fn.sum<number | string | null>('input_tokens').as('input_tokens'),
          eb.fn.sum<number | string | null>('output_tokens').as('output_tokens'),
          eb.fn.sum<number | string | null>('credits').as('credits'),
          eb.fn.sum<number | string | null>('tool_calls').as('tool_calls'),
        ])
        .where('agent_id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        runs: Number(row.runs),
        inputTokens: Number(row.input_tokens ?? 0),
        outputTokens: Number(row.output_tokens ?? 0),
        credits: Number(row.credits ?? 0),
        toolCalls: Number(row.tool_calls ?? 0),
      };
    },

    /** The files an agent holds, whoever uploaded them (the agent's sharing decides who sees them). */
    async files(fileIds: readonly string[]): Promise<FilesTable[]> {
      if (!fileIds.length) return [];
      return db
        .selectFrom('files')
        .selectAll()
        .where('file_id', 'in', [...fileIds])
        .execute();
    },

    /** One reply an agent gave (its author's usage figures). */
    async recordRun(run: AgentRunsTable): Promise<void> {
      // Its agent may have been deleted while the reply was written: the reply is saved anyway
      // (this runs in the reply's transaction), only the usage row has nothing to belong to.
      const agent = await db
        .selectFrom('agents')
        .select('id')
        .where('id', '=', run.agent_id)
        .executeTakeFirst();
      if (agent) await db.insertInto('agent_runs').values(run).execute();
    },
  };
}
export type AgentsRepo = ReturnType<typeof agentsRepo>;

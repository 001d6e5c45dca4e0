import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../index.ts';
import { decodeCursor, pageOf, pastCursor } from '../keyset.ts';
import type { PromptGroupSharesTable, PromptGroupsTable, PromptsTable } from '../schema.ts';

/** A group with what every answer shows beside it. */
export type PromptGroupView = PromptGroupsTable & {
  author_name: string;
  production_text: string | null;
  shared_with_me: boolean;
};

export interface PromptListOptions {
  category?: string;
  cursor?: string;
  limit: number;
  /** Rows to skip when there is no cursor (LibreChat's pageNumber). */
  offset?: number;
}

const ListCursor = z.tuple([z.number(), z.string()]);

type Which = 'mine' | 'public' | 'shared';

/** A page entry: what the list is ordered by (the rows are read by id after). */
export interface PromptKey {
  id: string;
  updated_at: number | string;
}

/**
 * One branch of what a user sees, as keys, newest update first, read from its index alone (each
 * index holds what the branch filters on) from the cursor, bounded by the page: their own groups
 * (prompt_groups_by_author…), others' groups shared with everyone (prompt_groups_public…), and
 * others' private groups shared with them (their share rows, which carry the group's updated_at,
 * category and sharing). The branches are disjoint (a share never names the group's author).
 */
function branch(db: Db, userId: string, which: Which, opts: PromptListOptions, take: number) {
  const cursor = decodeCursor(opts.cursor, ListCursor);
  if (which === 'shared') {
    let q = db
      .selectFrom('prompt_group_shares as s')
      .select(['s.group_id as id', 's.updated_at'])
      .where('s.user_id', '=', userId)
      .where('s.is_public', '=', 0);
    if (opts.category !== undefined) q = q.where('s.category', '=', opts.category);
    if (cursor) q = q.where(pastCursor(sql.ref('s.updated_at'), sql.ref('s.group_id'), 'desc', cursor));
    return q.orderBy('s.updated_at', 'desc').orderBy('s.group_id', 'desc').limit(take);
  }
  let q = db.selectFrom('prompt_groups as g').select(['g.id', 'g.updated_at']);
  if (which === 'mine') q = q.where('g.author_id', '=', userId);
  if (which === 'public') q = q.where('g.is_public', '=', 1).where('g.author_id', '!=', userId);
  if (opts.category !== undefined) q = q.where('g.category', '=', opts.category);
  if (cursor) q = q.where(pastCursor(sql.ref('g.updated_at'), sql.ref('g.id'), 'desc', cursor));
  return q.orderBy('g.updated_at', 'desc').orderBy('g.id', 'desc').limit(take);
}

/**
 * The three branches merged: the keys of a page of what the user sees (one OR over author,
 * sharing and shares would read every public or private group before the page).
 */
export function promptListQuery(db: Db, userId: string, opts: PromptListOptions) {
  const offset = opts.cursor ? 0 : (opts.offset ?? 0);
  const take = offset + opts.limit + 1;
  const from = (which: Which) => db.selectFrom(branch(db, userId, which, opts, take).as(which)).selectAll();
  let q = db
    .selectFrom(from('mine').unionAll(from('public')).unionAll(from('shared')).as('u'))
    .select(['u.id', 'u.updated_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit + 1);
  if (offset) q = q.offset(offset);
  return q;
}

/**
 * Prompt groups, their versions and their chosen users. Reads of one group by id are not scoped:
 * the routes ask the policy (auth/policies/prompts.ts) whether the user may see or edit it. Writes
 * run inside the caller's transaction (prompts/library.ts), which also writes the search row.
 */
export function promptsRepo(db: Db) {
  /** Author names, production texts and "shared with me" beside the rows. */
  async function decorate(userId: string, rows: PromptGroupsTable[]): Promise<PromptGroupView[]> {
    if (!rows.length) return [];
    const authorIds = [...new Set(rows.map((r) => r.author_id))];
    const productionIds = rows.map((r) => r.production_id).filter((id): id is string => !!id);
    const groupIds = rows.map((r) => r.id);
    const [authors, texts, shared] = await Promise.all([
      db.selectFrom('users').select(['id', 'name']).where('id', 'in', authorIds).execute(),
      productionIds.length
        ? db.selectFrom('prompts').select(['id', 'prompt']).where('id', 'in', productionIds).execute()
        : [],
      db
        .selectFrom('prompt_group_shares')
        .select('group_id')
        .where('user_id', '=', userId)
        .where('group_id', 'in', groupIds)
        .execute(),
    ]);
    const names = new Map(authors.map((a) => [a.id, a.name]));
    const prompts = new Map(texts.map((t) => [t.id, t.prompt]));
    const sharedIds = new Set(shared.map((s) => s.group_id));
    return rows.map((r) => ({
      ...r,
      created_at: Number(r.created_at),
      updated_at: Number(r.updated_at),
      number_of_generations: Number(r.number_of_generations),
      is_public: Number(r.is_public),
      author_name: names.get(r.author_id) ?? '',
      production_text: r.production_id ? (prompts.get(r.production_id) ?? null) : null,
      shared_with_me: sharedIds.has(r.id),
    }));
  }

  /** How many groups of one branch there are (index-only counts; the branches are disjoint). */
  const countBranch = async (userId: string, which: Which, category?: string) => {
    if (which === 'shared') {
      let q = db.selectFrom('prompt_group_shares').where('user_id', '=', userId).where('is_public', '=', 0);
      if (category !== undefined) q = q.where('category', '=', category);
      const row = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    }
    let q = db.selectFrom('prompt_groups');
    if (which === 'mine') q = q.where('author_id', '=', userId);
    if (which === 'public') q = q.where('is_public', '=', 1).where('author_id', '!=', userId);
    if (category !== undefined) q = q.where('category', '=', category);
    const row = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  };

  /** Groups by id, in the order of `ids` (a page's keys). */
  async function byIds(ids: string[]): Promise<PromptGroupsTable[]> {
    if (!ids.length) return [];
    const rows = await db.selectFrom('prompt_groups').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is PromptGroupsTable => r !== undefined);
  }

  return {
    decorate,

    async get(id: string): Promise<PromptGroupsTable | undefined> {
      return db.selectFrom('prompt_groups').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async isSharedWith(groupId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('prompt_group_shares')
        .select('group_id')
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A keyset page of the groups the user sees (promptListQuery); `decorate` adds the rest. */
    async list(userId: string, opts: PromptListOptions) {
      const keys: PromptKey[] = await promptListQuery(db, userId, opts).execute();
      const page = pageOf(keys, opts.limit, (r) => [Number(r.updated_at), r.id]);
      return { rows: await byIds(page.rows.map((k) => k.id)), nextCursor: page.nextCursor };
    },

    byIds,

    /** How many groups the user sees (the list's `pages`). */
    async count(userId: string, category?: string): Promise<number> {
      const counts = await Promise.all(
        (['mine', 'public', 'shared'] as const).map((w) => countBranch(userId, w, category)),
      );
      return counts.reduce((a, b) => a + b, 0);
    },

    /** The user's own groups (export), oldest first. */
    async listOwn(userId: string): Promise<PromptGroupsTable[]> {
      return db
        .selectFrom('prompt_groups')
        .selectAll()
        .where('author_id', '=', userId)
        .orderBy('updated_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
    },

    async getPrompt(id: string): Promise<PromptsTable | undefined> {
      return db.selectFrom('prompts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A group's versions, newest first. */
    async versions(groupId: string): Promise<PromptsTable[]> {
      return db
        .selectFrom('prompts')
        .selectAll()
        .where('group_id', '=', groupId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Versions of many groups (export), oldest first within each. */
    async versionsOf(groupIds: string[]): Promise<PromptsTable[]> {
      if (!groupIds.length) return [];
      return db
        .selectFrom('prompts')
        .selectAll()
        .where('group_id', 'in', groupIds)
        .orderBy('group_id')
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
    },

    async insertGroup(row: PromptGroupsTable): Promise<void> {
      await db.insertInto('prompt_groups').values(row).execute();
    },

    async insertPrompt(row: PromptsTable): Promise<void> {
      await db.insertInto('prompts').values(row).execute();
    },

    /** Change a group; what its share rows carry of it (order, category, sharing) follows. */
    async updateGroup(id: string, set: Partial<Omit<PromptGroupsTable, 'id' | 'author_id'>>): Promise<void> {
      await db.updateTable('prompt_groups').set(set).where('id', '=', id).execute();
      const { updated_at, category, is_public } = set;
      const carried = Object.fromEntries(
        Object.entries({ updated_at, category, is_public }).filter(([, v]) => v !== undefined),
      );
      if (Object.keys(carried).length)
        await db.updateTable('prompt_group_shares').set(carried).where('group_id', '=', id).execute();
    },

    async deletePrompt(id: string): Promise<void> {
      await db.deleteFrom('prompts').where('id', '=', id).execute();
    },

    async deleteGroup(id: string): Promise<void> {
      await db.deleteFrom('prompt_groups').where('id', '=', id).execute();
    },

    /** Count a use; answers the new count (no updated_at change: using is not editing). */
    async recordUse(id: string): Promise<number> {
      await db
        .updateTable('prompt_groups')
        .set((eb) => ({ number_of_generations: eb('number_of_generations', '+', 1) }))
        .where('id', '=', id)
        .execute();
      const row = await db
        .selectFrom('prompt_groups')
        .select('number_of_generations')
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(row?.number_of_generations ?? 0);
    },

    /** The chosen users of a group, with their names and emails. */
    async shares(groupId: string) {
      return db
        .selectFrom('prompt_group_shares as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['u.id', 'u.name', 'u.email'])
        .where('s.group_id', '=', groupId)
        .orderBy('u.email')
        .execute();
    },

    /** The group's chosen users (never its author), carrying the group's list fields. */
    async replaceShares(group: PromptGroupsTable, userIds: string[], now: number): Promise<void> {
      await db.deleteFrom('prompt_group_shares').where('group_id', '=', group.id).execute();
      const rows: PromptGroupSharesTable[] = userIds
        .filter((user_id) => user_id !== group.author_id)
        .map((user_id) => ({
          group_id: group.id,
          user_id,
          updated_at: Number(group.updated_at),
          category: group.category,
          is_public: Number(group.is_public),
          created_at: now,
        }));
      if (!rows.length) return;
      await db.insertInto('prompt_group_shares').values(rows).execute();
    },
  };
}
export type PromptsRepo = ReturnType<typeof promptsRepo>;

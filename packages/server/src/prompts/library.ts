import { randomUUID } from 'node:crypto';
import type {
  PromptAddBody,
  PromptCreateBody,
  PromptExport,
  PromptExportFile,
  PromptType,
} from '@parley/schema';
import type { z } from 'zod';
import type { Db, Dialect } from '../db/index.ts';
import { promptsRepo } from '../db/repos/prompts.ts';
import type { PromptGroupsTable, PromptsTable } from '../db/schema.ts';
import { writePromptSearch } from '../search/prompts.ts';

/**
 * Every write to the prompt library (issue 18), each in one transaction with the group's search
 * row (search/prompts.ts): a group is never seen in a list with another text in the index. A write
 * to a group moves its `updated_at` on (lists and search are newest update first); counting a use
 * does not.
 */
export interface LibraryDeps {
  db: Db;
  dialect: Dialect;
}

export type ParsedCreate = z.output<typeof PromptCreateBody>;
export type ParsedAdd = z.output<typeof PromptAddBody>;
export type ParsedExport = z.output<typeof PromptExport>;

/** A time after `after`: versions written in one millisecond still list in the order written. */
const after = (previous: number | undefined) => Math.max(Date.now(), (previous ?? 0) + 1);

async function inTransaction<T>(
  deps: LibraryDeps,
  work: (repo: ReturnType<typeof promptsRepo>, trx: Db) => Promise<T>,
) {
  return deps.db.transaction().execute((trx) => work(promptsRepo(trx), trx));
}

/** Move the group's updated_at on and write its search row. */
async function touch(
  deps: LibraryDeps,
  trx: Db,
  group: PromptGroupsTable,
  set: Partial<PromptGroupsTable> = {},
) {
  const now = after(Number(group.updated_at));
  await promptsRepo(trx).updateGroup(group.id, { ...set, updated_at: now });
  await writePromptSearch(trx, deps.dialect, group.id);
}

const newPrompt = (
  groupId: string,
  authorId: string,
  prompt: string,
  type: PromptType,
  at: number,
): PromptsTable => ({
  id: randomUUID(),
  group_id: groupId,
  author_id: authorId,
  prompt,
  type,
  created_at: at,
  updated_at: at,
});

/** POST /api/prompts: the group and its first version, in production. */
export async function createPromptGroup(
  deps: LibraryDeps,
  authorId: string,
  body: ParsedCreate,
): Promise<{ groupId: string; promptId: string }> {
  return inTransaction(deps, async (repo, trx) => {
    const now = Date.now();
    const groupId = randomUUID();
    const prompt = newPrompt(groupId, authorId, body.prompt.prompt, body.prompt.type, now);
    await repo.insertGroup({
      id: groupId,
      author_id: authorId,
      name: body.group.name,
      oneliner: body.group.oneliner ?? '',
      category: body.group.category ?? '',
      command: body.group.command ?? '',
      production_id: null,
      number_of_generations: 0,
      is_public: 0,
      created_at: now,
      updated_at: now,
    });
    await repo.insertPrompt(prompt);
    await repo.updateGroup(groupId, { production_id: prompt.id });
    await writePromptSearch(trx, deps.dialect, groupId);
    return { groupId, promptId: prompt.id };
  });
}

/** A new version; with `makeProduction` (always-make-production) it goes into production too. */
export async function addPromptVersion(
  deps: LibraryDeps,
  group: PromptGroupsTable,
  authorId: string,
  body: ParsedAdd,
): Promise<PromptsTable> {
  return inTransaction(deps, async (repo, trx) => {
    const [newest] = await repo.versions(group.id);
    const prompt = newPrompt(
      group.id,
      authorId,
      body.prompt.prompt,
      body.prompt.type,
      after(newest ? Number(newest.created_at) : undefined),
    );
    await repo.insertPrompt(prompt);
    await touch(deps, trx, group, body.makeProduction ? { production_id: prompt.id } : {});
    return prompt;
  });
}

/** Fields and sharing with everyone (the route has checked who may change what). */
export async function updatePromptGroup(
  deps: LibraryDeps,
  group: PromptGroupsTable,
  set: Partial<Pick<PromptGroupsTable, 'name' | 'oneliner' | 'category' | 'command' | 'is_public'>>,
): Promise<void> {
  await inTransaction(deps, (_repo, trx) => touch(deps, trx, group, set));
}

export async function makePromptProduction(deps: LibraryDeps, group: PromptGroupsTable, promptId: string) {
  await inTransaction(deps, (_repo, trx) => touch(deps, trx, group, { production_id: promptId }));
}

/**
 * Delete a version (doc 2 §4.8): the group goes with its last version; when the production version
 * goes, the newest remaining one becomes production.
 */
export async function deletePromptVersion(
  deps: LibraryDeps,
  group: PromptGroupsTable,
  promptId: string,
): Promise<{ groupDeleted: boolean; productionId: string | null }> {
  return inTransaction(deps, async (repo, trx) => {
    await repo.deletePrompt(promptId);
    const [newest] = await repo.versions(group.id);
    if (!newest) {
      await repo.deleteGroup(group.id);
      return { groupDeleted: true, productionId: null };
    }
    const productionId = group.production_id === promptId ? newest.id : group.production_id;
    await touch(deps, trx, group, { production_id: productionId });
    return { groupDeleted: false, productionId };
  });
}

export async function deletePromptGroup(deps: LibraryDeps, groupId: string): Promise<void> {
  await inTransaction(deps, (repo) => repo.deleteGroup(groupId));
}

/** Replace the chosen users a group is shared with. */
export async function setPromptShares(deps: LibraryDeps, group: PromptGroupsTable, userIds: string[]) {
  await inTransaction(deps, async (repo, trx) => {
    await repo.replaceShares(group, userIds, Date.now());
    await touch(deps, trx, group);
  });
}

/** The user's own groups with every version, oldest first (GET /api/prompts/export). */
export async function exportPromptGroups(db: Db, userId: string): Promise<PromptExportFile> {
  const repo = promptsRepo(db);
  const groups = await repo.listOwn(userId);
  const versions = await repo.versionsOf(groups.map((g) => g.id));
  const byGroup = new Map<string, PromptsTable[]>();
  for (const v of versions) byGroup.set(v.group_id, [...(byGroup.get(v.group_id) ?? []), v]);
  return {
    format: 'parley.prompts',
    version: 1,
    exportedAt: Date.now(),
    groups: groups.map((g) => {
      const prompts = byGroup.get(g.id) ?? [];
      const production = prompts.findIndex((p) => p.id === g.production_id);
      return {
        name: g.name,
        oneliner: g.oneliner,
        category: g.category,
        command: g.command,
        prompts: prompts.map((p) => ({
          prompt: p.prompt,
          type: p.type === 'chat' ? 'chat' : 'text',
          createdAt: Number(p.created_at),
        })),
        ...(production >= 0 ? { production } : {}),
      };
    }),
  };
}

/**
 * POST /api/prompts/import: every group of the file as a new group of the importer, with its
 * versions (their times kept, in order) and production, all in one transaction: a file with a bad
 * group imports nothing (the body was validated whole before this).
 */
export async function importPromptGroups(
  deps: LibraryDeps,
  userId: string,
  file: ParsedExport,
): Promise<string[]> {
  return inTransaction(deps, async (repo, trx) => {
    const ids: string[] = [];
    let clock = Date.now();
    for (const g of file.groups) {
      const groupId = randomUUID();
      clock = after(clock);
      const now = clock;
      await repo.insertGroup({
        id: groupId,
        author_id: userId,
        name: g.name,
        oneliner: g.oneliner,
        category: g.category,
        command: g.command,
        production_id: null,
        number_of_generations: 0,
        is_public: 0,
        created_at: now,
        updated_at: now,
      });
      let previous = 0;
      const rows = g.prompts.map((p) => {
        // Kept times (never in the future), strictly increasing so the order is the file's.
        const at = Math.max(Math.min(p.createdAt ?? now, now), previous + 1);
        previous = at;
        return newPrompt(groupId, userId, p.prompt, p.type, at);
      });
      for (const row of rows) await repo.insertPrompt(row);
      const production = rows[g.production ?? rows.length - 1] ?? rows.at(-1)!;
      await repo.updateGroup(groupId, { production_id: production.id });
      await writePromptSearch(trx, deps.dialect, groupId);
      ids.push(groupId);
    }
    return ids;
  });
}

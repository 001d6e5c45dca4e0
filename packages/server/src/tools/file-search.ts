import { type AvailableTool, BuiltinTools, type FileCitation } from '@parley/schema';
import type { FilesTable } from '../db/schema.ts';
import type { ToolDef, ToolProvider, ToolRunContext } from './types.ts';

/** What file_search reads of the files capability (chat/attachments.ts ChatFiles, plus `listed`). */
export interface SearchableFiles {
  owned(userId: string, fileIds: readonly string[]): Promise<FilesTable[]>;
  /**
   * The rows of exactly these ids, whoever uploaded them: an agent's knowledge files may be its
   * author's, a collaborator's or an admin's (attaching checked the right to edit the agent).
   */
  listed(fileIds: readonly string[]): Promise<FilesTable[]>;
  search(userId: string, files: readonly FilesTable[], query: string, limit: number): Promise<FileCitation[]>;
}

/** Passages one call returns at most (before the run's maxCitations bound). */
export const FILE_SEARCH_TOOL_PASSAGES = 8;

export const FILE_SEARCH_INFO: AvailableTool = {
  pluginKey: BuiltinTools.file_search,
  name: 'File Search',
  description: "Searches the agent's knowledge files and the files attached to the conversation.",
};

const INPUT_SCHEMA = {
  type: 'object',
  properties: { query: { type: 'string', description: 'What to look for in the files.' } },
  required: ['query'],
  additionalProperties: false,
};

/** Interleave ranked lists (one per owner) so each owner's best passages come first. */
function interleave<T>(lists: readonly T[][], limit: number): T[] {
  const out: T[] = [];
  for (let i = 0; out.length < limit && lists.some((l) => i < l.length); i++)
    for (const list of lists) if (i < list.length && out.length < limit) out.push(list[i]);
  return out;
}

/**
 * Search the agent's knowledge files (exactly the ids it lists, each read as the user who uploaded
 * it) and the files the user attached in this conversation (read as the user). Nothing else is
 * reachable: a query names no file, so a prompt cannot widen what is searched.
 */
export async function searchFiles(
  files: SearchableFiles,
  args: unknown,
  ctx: ToolRunContext,
): Promise<{ output: string; citations: FileCitation[] }> {
  const query =
    typeof (args as { query?: unknown })?.query === 'string' ? (args as { query: string }).query : '';
  if (!query.trim()) return { output: 'No query was given: pass {"query": "..."}.', citations: [] };
  const base = ctx.citationBase ?? 0;
  const room = Math.max(0, (ctx.maxCitations ?? FILE_SEARCH_TOOL_PASSAGES) - base);
  const limit = Math.min(FILE_SEARCH_TOOL_PASSAGES, room);
  if (limit === 0) return { output: 'The citation limit of this reply is reached.', citations: [] };
  // Searching (0.3), then searched (0.9): the call shows how far it got until its output is in.
  ctx.progress(0.3);
  const knowledge = ctx.agent.fileIds.file_search ?? [];
  const userIds = ctx.conversationFileIds ?? [];
  // Retrieval is scoped to one user's index: one group per uploader.
  const groups = new Map<string, FilesTable[]>();
  const add = (row: FilesTable) => {
    const group = groups.get(row.user_id) ?? [];
    if (!group.some((f) => f.file_id === row.file_id)) group.push(row);
    groups.set(row.user_id, group);
  };
  if (knowledge.length > 0) for (const row of await files.listed(knowledge)) add(row);
  if (userIds.length > 0) for (const row of await files.owned(ctx.userId, userIds)) add(row);
  if (groups.size === 0) return { output: 'There are no files to search.', citations: [] };
  const ranked = await Promise.all(
    [...groups].map(([owner, rows]) => files.search(owner, rows, query, limit)),
  );
  const found = interleave(ranked, limit);
  ctx.progress(0.9);
  if (found.length === 0) return { output: `No passages matched "${query}".`, citations: [] };
  const lines = found.map(
    (c, i) => `[${base + i + 1}] ${c.filename}${c.page !== null ? `, page ${c.page}` : ''}:\n${c.text}`,
  );
  return {
    output: [
      'Passages from the files. Where the answer uses one, cite it by its number in square brackets, like [1].',
      ...lines,
    ].join('\n\n'),
    citations: found,
  };
}

/** The built-in tools (file_search; web_search registers its own provider). */
export function builtinTools(files: SearchableFiles): ToolProvider {
  const fileSearch: ToolDef = {
    name: BuiltinTools.file_search,
    description: FILE_SEARCH_INFO.description,
    inputSchema: INPUT_SCHEMA,
    run: (args, ctx) => searchFiles(files, args, ctx),
  };
  return {
    available: async () => [FILE_SEARCH_INFO],
    resolve: async (key) => (key === BuiltinTools.file_search ? fileSearch : null),
  };
}

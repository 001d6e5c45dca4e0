import { type AvailableTool, BuiltinTools, type FileCitation } from '@parley/schema';
import type { FilesTable } from '../db/schema.ts';
import type { ToolDef, ToolProvider, ToolRunContext } from './types.ts';

/** What file_search reads of the files capability (chat/attachments.ts ChatFiles has it). */
export interface SearchableFiles {
  owned(userId: string, fileIds: readonly string[]): Promise<FilesTable[]>;
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

/**
 * Search the agent's knowledge files (its author's, read as the author and only those ids) and the
 * files the user attached in this conversation (read as the user). Nothing else is reachable: a
 * query names no file, so a prompt cannot widen what is searched.
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
  ctx.progress(0.3);
  const knowledge = ctx.agent.fileIds.file_search ?? [];
  const authorFiles = knowledge.length > 0 ? await files.owned(ctx.agent.authorId, knowledge) : [];
  const userIds = ctx.conversationFileIds ?? [];
  const userFiles = userIds.length > 0 ? await files.owned(ctx.userId, userIds) : [];
  if (authorFiles.length + userFiles.length === 0)
    return { output: 'There are no files to search.', citations: [] };
  const found = [
    ...(authorFiles.length > 0 ? await files.search(ctx.agent.authorId, authorFiles, query, limit) : []),
    ...(userFiles.length > 0 ? await files.search(ctx.userId, userFiles, query, limit) : []),
  ].slice(0, limit);
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

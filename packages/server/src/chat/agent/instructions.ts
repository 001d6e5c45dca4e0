import type { AgentSettings } from '../../db/repos/agents.ts';
import type { ChatDeps } from '../deps.ts';

/** Context files' text put into the instructions, at most (the rest is cut with a note). */
export const CONTEXT_TEXT_MAX_CHARS = 100_000;

/**
 * The extracted text of the agent's `context` files, read as the agent's author (only those ids).
 * A local stand-in until agents/context-files.ts (agentContextText) lands on main.
 */
export async function contextText(
  deps: Pick<ChatDeps, 'chatFiles'>,
  authorId: string,
  settings: AgentSettings,
) {
  const ids = settings.tool_resources.context?.file_ids ?? [];
  if (ids.length === 0) return '';
  const files = await deps.chatFiles.owned(authorId, ids);
  const blocks: string[] = [];
  for (const file of files) {
    const text = await deps.chatFiles.text(file);
    if (text) blocks.push(`[File: ${file.filename}]\n${text.trimEnd()}\n[End of ${file.filename}]`);
  }
  const all = blocks.join('\n\n');
  return all.length > CONTEXT_TEXT_MAX_CHARS
    ? `${all.slice(0, CONTEXT_TEXT_MAX_CHARS)}\n[Context truncated.]`
    : all;
}

/** The agent's system prompt: its instructions, its context files, and the date when asked. */
export async function agentInstructions(
  deps: Pick<ChatDeps, 'chatFiles'>,
  authorId: string,
  settings: AgentSettings,
  now = new Date(),
): Promise<string | undefined> {
  const parts: string[] = [];
  if (settings.instructions?.trim()) parts.push(settings.instructions.trim());
  const context = await contextText(deps, authorId, settings);
  if (context) parts.push(`Use these files as context:\n\n${context}`);
  if (settings.append_current_datetime) parts.push(`Current date and time: ${now.toISOString()}`);
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}

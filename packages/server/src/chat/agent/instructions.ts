import { artifactsPrompt } from '../artifacts-prompt.ts';
import type { ChatDeps } from '../deps.ts';
import type { RunAgent } from './load.ts';

/**
 * The agent's system prompt: its instructions, the text of its context (and OCR'd) files
 * (`deps.agentContext`: agents/context-files.ts, handed in by services.ts so chat/ does not import
 * agents/), the instructions of the MCP servers its tools come from (`toolInstructions`, from the
 * tool registry), the current date and time when it asks for them, and the artifacts format for
 * its artifacts mode (doc 3 §3; a saved agent's only when the agents config offers artifacts).
 */
export async function agentInstructions(
  deps: Pick<ChatDeps, 'agentContext'> & Partial<Pick<ChatDeps, 'agentsConfig'>>,
  agent: Pick<RunAgent, 'row' | 'settings'> & { ephemeral?: boolean },
  toolInstructions: readonly string[] = [],
  now = new Date(),
): Promise<string | undefined> {
  const parts: string[] = [];
  if (agent.settings.instructions?.trim()) parts.push(agent.settings.instructions.trim());
  const context = await deps.agentContext(agent.row);
  if (context) parts.push(`Use these files as context:\n\n${context}`);
  parts.push(...toolInstructions);
  if (agent.settings.append_current_datetime) parts.push(`Current date and time: ${now.toISOString()}`);
  const artifactsOffered =
    agent.ephemeral || !deps.agentsConfig || deps.agentsConfig.capabilities.has('artifacts');
  const artifacts = artifactsOffered ? artifactsPrompt(agent.settings.artifacts) : undefined;
  if (artifacts) parts.push(artifacts);
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}

import type { OpenAIAssistantImport } from '@parley/schema';
import {
  AGENT_DESCRIPTION_MAX,
  AGENT_INSTRUCTIONS_MAX,
  AGENT_NAME_MAX,
  AgentCreateBody,
  BuiltinTools,
  EModelEndpoint,
} from '@parley/schema';
import type { z } from 'zod';
import type { AgentSettings } from '../db/repos/agents.ts';

/** OpenAI's tool types and the built-in each becomes; function tools have no equivalent here. */
const TOOL_FOR_TYPE: Record<string, string> = {
  code_interpreter: BuiltinTools.execute_code,
  file_search: BuiltinTools.file_search,
  retrieval: BuiltinTools.file_search,
};

/**
 * An exported OpenAI assistant definition as an agent's settings (OpenAI's Assistants API is gone;
 * its definitions live on as agents). Its model is kept as it is; tools map to built-ins, and what
 * cannot be kept (function tools, unknown types) is named in `skipped`.
 */
export function assistantToAgent(def: z.output<typeof OpenAIAssistantImport>): {
  settings: AgentSettings;
  skipped: string[];
} {
  const tools = new Set<string>();
  const skipped: string[] = [];
  for (const tool of def.tools) {
    const mapped = TOOL_FOR_TYPE[tool.type];
    if (mapped) tools.add(mapped);
    else {
      const name = (tool as { function?: { name?: unknown } }).function?.name;
      skipped.push(typeof name === 'string' ? `${tool.type}: ${name}` : tool.type);
    }
  }
  const model_parameters: Record<string, number> = {};
  if (def.temperature != null) model_parameters.temperature = def.temperature;
  if (def.top_p != null) model_parameters.top_p = def.top_p;
  const settings = AgentCreateBody.parse({
    name: def.name?.slice(0, AGENT_NAME_MAX) ?? null,
    description: def.description?.slice(0, AGENT_DESCRIPTION_MAX) ?? null,
    instructions: def.instructions?.slice(0, AGENT_INSTRUCTIONS_MAX) ?? null,
    provider: def.provider ?? EModelEndpoint.openAI,
    model: def.model,
    model_parameters,
    tools: [...tools],
  });
  return { settings, skipped };
}

import { ACTION_DELIMITER, type AgentCapability, type AvailableTool, BuiltinTools } from '@parley/schema';
import type { ToolDef, ToolProvider, ToolResolveContext } from './types.ts';

/**
 * The capability (librechat.yaml `endpoints.agents.capabilities`) a tool key needs. Built-ins have
 * their own; actions' keys need `actions`; every other key (plugins, MCP tools) needs `tools`.
 */
export function toolCapability(key: string): AgentCapability {
  switch (key) {
    case BuiltinTools.file_search:
      return 'file_search';
    case BuiltinTools.web_search:
      return 'web_search';
    case BuiltinTools.execute_code:
      return 'execute_code';
    default:
      // An OpenAPI action's function (`<name>_action_<domain>`) needs `actions` (doc 3 §6).
      return key.includes(ACTION_DELIMITER) ? 'actions' : 'tools';
  }
}

/** A run's tool with the key the agent lists it by (approval rules name keys). */
export interface KeyedTool {
  key: string;
  tool: ToolDef;
}

/**
 * Every source of tools behind one lookup. Providers are asked in the order they were registered;
 * the first that serves a key wins. Open on purpose: the web search slice and issue 16 (actions,
 * MCP) register their providers here.
 */
export function toolRegistry(capabilities: ReadonlySet<AgentCapability>, initial: ToolProvider[] = []) {
  const providers = [...initial];
  const allowed = (key: string) => capabilities.has(toolCapability(key));
  return {
    register(provider: ToolProvider): void {
      providers.push(provider);
    },

    /** What the builder may offer this user (GET /api/agents/tools): capability-gated, one per key. */
    async available(userId: string): Promise<AvailableTool[]> {
      const seen = new Set<string>();
      const out: AvailableTool[] = [];
      for (const p of providers)
        for (const tool of await p.available(userId)) {
          if (seen.has(tool.pluginKey) || !allowed(tool.pluginKey)) continue;
          seen.add(tool.pluginKey);
          out.push(tool);
        }
      return out;
    },

    /**
     * The tools one run is given, fixed at its start: keys whose capability is off, that no provider
     * serves, or that repeat a name are left out.
     */
    async resolve(keys: readonly string[], ctx: ToolResolveContext): Promise<KeyedTool[]> {
      const tools: KeyedTool[] = [];
      const names = new Set<string>();
      for (const key of new Set(keys)) {
        if (!allowed(key)) continue;
        for (const p of providers) {
          const tool = await p.resolve(key, ctx);
          if (!tool) continue;
          if (!names.has(tool.name)) {
            names.add(tool.name);
            tools.push({ key, tool });
          }
          break;
        }
      }
      return tools;
    },

    /** What the providers of these keys add to the system prompt (MCP server instructions). */
    async instructions(keys: readonly string[], ctx: { userId: string }): Promise<string[]> {
      const usable = keys.filter(allowed);
      const out: string[] = [];
      for (const p of providers) if (p.instructions) out.push(...(await p.instructions(usable, ctx)));
      return out;
    },
  };
}
export type ToolRegistry = ReturnType<typeof toolRegistry>;

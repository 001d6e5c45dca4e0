import type { AvailableTool } from '@parley/schema';
import { z } from 'zod';
import { checkUserUrl } from '../../net/ssrf.ts';
import type { ToolKeys } from '../tool-keys.ts';
import type { ToolDef, ToolProvider, ToolResult, ToolRunContext } from '../types.ts';
import { AUTH_FIELDS, resolveKeys, URL_FIELDS, type WebSearchConfig } from './config.ts';
import { runWebSearch } from './pipeline.ts';
import type { BuiltinScraperDeps } from './scrape.ts';

export { resolveWebSearchConfig, type WebSearchConfig } from './config.ts';

/** The tool's key in an agent's `tools` and its function name for the model (LibreChat's). */
export const WEB_SEARCH = 'web_search';

export interface WebSearchDeps {
  config: WebSearchConfig;
  /** Users' own keys for the fields the server lacks. */
  toolKeys: ToolKeys;
  /** The built-in scraper: the SSRF allow-list and the HTML reader. */
  builtin: BuiltinScraperDeps;
}

const Args = z.object({ query: z.string().trim().min(1).max(400) });

const INPUT_SCHEMA = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      description: 'What to search the web for, as you would type it into a search engine.',
    },
  },
  required: ['query'],
  additionalProperties: false,
};

const DESCRIPTION =
  'Search the web for current information. Returns the best passages of the top pages, numbered as ' +
  'sources [1], [2], …; cite the sources you use with their number.';

/**
 * `web_search` (librechat.yaml `webSearch`) as a tool provider. The tool is offered even when the
 * user still lacks keys (`authenticated: false`, the builder asks for them); a run without them is
 * an error result saying which keys are missing, so the model can tell the user.
 */
export function webSearchTools(deps: WebSearchDeps): ToolProvider {
  const { config } = deps;
  const authConfig = config.userFields.map((f) => ({
    authField: f,
    label: AUTH_FIELDS[f].label,
    description: AUTH_FIELDS[f].description,
  }));

  async function keysFor(userId: string) {
    return resolveKeys(
      config,
      config.userFields.length > 0 ? await deps.toolKeys.get(userId, WEB_SEARCH) : {},
    );
  }

  async function run(args: unknown, ctx: ToolRunContext): Promise<ToolResult> {
    const parsed = Args.safeParse(args);
    if (!parsed.success)
      return {
        isError: true,
        output:
          'web_search needs {"query": "<what to search for>"} (a non-empty query of at most 400 characters).',
      };
    const keys = await keysFor(ctx.userId);
    if (keys.missing.length > 0) {
      const names = keys.missing.map((f) => AUTH_FIELDS[f].label).join(', ');
      return {
        isError: true,
        output: `Web search is not set up for this user: ${names} missing. Ask the user to add it in the Web Search tool's settings.`,
      };
    }
    // A URL the user typed is checked like a custom endpoint's base URL (the server calls it).
    for (const f of keys.fromUser) {
      if (!URL_FIELDS.has(f)) continue;
      const refused = await checkUserUrl(keys.values[f], deps.builtin.allowedPrivateHosts);
      if (refused)
        return {
          isError: true,
          output: `Web search cannot use the ${AUTH_FIELDS[f].label}: ${refused.replace('The base URL', 'The URL')}`,
        };
    }
    return runWebSearch(parsed.data.query, config, keys, { builtin: deps.builtin }, ctx);
  }

  const tool: ToolDef = { name: WEB_SEARCH, description: DESCRIPTION, inputSchema: INPUT_SCHEMA, run };

  return {
    async available(userId: string): Promise<AvailableTool[]> {
      const keys = await keysFor(userId);
      return [
        {
          pluginKey: WEB_SEARCH,
          name: 'Web Search',
          description: DESCRIPTION,
          ...(authConfig.length > 0 ? { authConfig } : {}),
          authenticated: keys.missing.length === 0,
        },
      ];
    },
    async resolve(key: string): Promise<ToolDef | null> {
      return key === WEB_SEARCH ? tool : null;
    },
  };
}

import { readFileSync } from 'node:fs';
import { ModelParameters } from '@parley/schema';
import { parse } from 'yaml';
import { z } from 'zod';
import { McpServersYaml } from './mcp-config.ts';

/** The subset of librechat.yaml Parley supports (docs/configuration.md). */
const TitleKeys = {
  titleConvo: z.boolean().optional(),
  titleModel: z.string().optional(),
};

const CustomEndpoint = z.object({
  name: z.string().min(1),
  apiKey: z.string().min(1),
  baseURL: z.string().min(1),
  models: z.object({
    default: z.array(z.union([z.string(), z.object({ name: z.string() }).transform((m) => m.name)])).min(1),
    fetch: z.boolean().optional(),
  }),
  modelDisplayLabel: z.string().optional(),
  iconURL: z.string().optional(),
  /** Use the native Anthropic client instead of the OpenAI-compatible one. */
  provider: z.literal('anthropic').optional(),
  headers: z.record(z.string(), z.string()).optional(),
  addParams: z.record(z.string(), z.unknown()).optional(),
  dropParams: z.array(z.string()).optional(),
  ...TitleKeys,
});
export type CustomEndpointConfig = z.infer<typeof CustomEndpoint>;

const BuiltinEndpoint = z.object({ ...TitleKeys, models: z.array(z.string()).optional() });

const AzureModel = z.union([
  z.boolean(),
  z.object({ deploymentName: z.string().optional(), version: z.string().optional() }),
]);
const AzureGroup = z.object({
  group: z.string().min(1),
  apiKey: z.string().min(1),
  instanceName: z.string().optional(),
  baseURL: z.string().optional(),
  version: z.string().optional(),
  deploymentName: z.string().optional(),
  models: z.record(z.string(), AzureModel),
});
export type AzureGroupConfig = z.infer<typeof AzureGroup>;

const LinkConfig = z.object({ externalUrl: z.string(), openNewTab: z.boolean().optional() });

const Rate = z.object({ prompt: z.number().nonnegative(), completion: z.number().nonnegative() });

export const BalanceConfig = z.object({
  enabled: z.boolean().default(false),
  startBalance: z.number().int().nonnegative().default(20_000),
  autoRefillEnabled: z.boolean().default(false),
  refillIntervalValue: z.number().int().positive().default(30),
  refillIntervalUnit: z.enum(['seconds', 'minutes', 'hours', 'days', 'weeks', 'months']).default('days'),
  refillAmount: z.number().int().nonnegative().default(10_000),
  /** Credits per token by model (prefix match); see balance/rates.ts for the defaults. */
  rates: z.record(z.string(), Rate).optional(),
});
export type BalanceConfig = z.infer<typeof BalanceConfig>;

const ModelSpecs = z.object({
  enforce: z.boolean().default(false),
  prioritize: z.boolean().default(true),
  list: z
    .array(
      z.object({
        name: z.string().min(1),
        label: z.string().min(1),
        description: z.string().optional(),
        iconURL: z.string().optional(),
        default: z.boolean().optional(),
        showIconInMenu: z.boolean().optional(),
        showIconInHeader: z.boolean().optional(),
        // A spec's preset: the endpoint, model and parameters every chat with it runs with.
        preset: ModelParameters.extend({
          endpoint: z.string().min(1),
          model: z.string().optional(),
          modelLabel: z.string().optional(),
        }),
      }),
    )
    .min(1),
});

/** librechat.yaml `fileConfig.embeddings`: which endpoint and model embed file chunks. */
export const EmbeddingsYaml = z.object({
  /** An endpoint of this config by name: `openAI`, `azureOpenAI`, or a custom endpoint's name. */
  endpoint: z.string().min(1),
  /** The embedding model (Azure: a model of the endpoint's groups; its deployment is used). */
  model: z.string().min(1),
  /** Shorter vectors where the model supports them (text-embedding-3-*). */
  dimensions: z.number().int().positive().max(8192).optional(),
});
export type EmbeddingsYaml = z.infer<typeof EmbeddingsYaml>;

/** A regular expression source, as LibreChat's supportedMimeTypes holds them; an invalid one fails at start. */
const MimePattern = z.string().refine(
  (source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'is not a valid regular expression' },
);

const EndpointFileYaml = z.object({
  disabled: z.boolean().optional(),
  fileLimit: z.number().int().nonnegative().optional(),
  fileSizeLimit: z.number().nonnegative().optional(),
  totalSizeLimit: z.number().nonnegative().optional(),
  supportedMimeTypes: z.array(MimePattern).optional(),
});

const FileConfigYaml = z.object({
  endpoints: z.record(z.string(), EndpointFileYaml).optional(),
  serverFileSizeLimit: z.number().positive().optional(),
  avatarSizeLimit: z.number().positive().optional(),
  fileTokenLimit: z.number().int().positive().optional(),
  clientImageResize: z
    .object({
      enabled: z.boolean().optional(),
      maxWidth: z.number().int().positive().optional(),
      maxHeight: z.number().int().positive().optional(),
      quality: z.number().min(0).max(1).optional(),
    })
    .optional(),
  /** File search embeddings (ours; files/rag/embed.ts). Absent: LibreChat's RAG env, else full text only. */
  embeddings: EmbeddingsYaml.optional(),
});
export type FileConfigYaml = z.infer<typeof FileConfigYaml>;

/** librechat.yaml `endpoints.agents` (LibreChat's keys; `toolApproval` and `toolTimeoutMs` are ours). */
export const AgentsEndpointYaml = z.object({
  disableBuilder: z.boolean().optional(),
  /** Steps a run may take when the agent sets none. */
  recursionLimit: z.number().int().positive().optional(),
  /** The most steps any agent may ask for. */
  maxRecursionLimit: z.number().int().positive().optional(),
  /** Capabilities offered; LibreChat's full list when absent. */
  capabilities: z.array(z.string()).optional(),
  /** Endpoints agents may run on; every configured one when absent. */
  allowedProviders: z.array(z.string()).optional(),
  /** Most citations a file_search answer keeps (LibreChat's key). */
  maxCitations: z.number().int().positive().optional(),
  /** Tools whose calls always wait for the user's approval, whatever the agent says. */
  toolApproval: z.object({ required: z.array(z.string()).default([]) }).optional(),
  /** Longest a tool call may run before it is cancelled with an error result. */
  toolTimeoutMs: z.number().int().positive().optional(),
  ...TitleKeys,
});
export type AgentsEndpointYaml = z.infer<typeof AgentsEndpointYaml>;

/** librechat.yaml `webSearch` (LibreChat's keys; values are usually `${ENV}` references). */
export const WebSearchYaml = z.object({
  searchProvider: z.enum(['serper', 'searxng']).optional(),
  scraperProvider: z.enum(['firecrawl', 'serper']).optional(),
  rerankerType: z.enum(['jina', 'cohere', 'none']).optional(),
  serperApiKey: z.string().optional(),
  /** Ours: Serper's base URL (it has no URL key in LibreChat), for proxies and offline tests. */
  serperApiUrl: z.string().optional(),
  /** Ours: the Serper scrape API's URL (`scraperProvider: serper`), as for `serperApiUrl`. */
  serperScrapeUrl: z.string().optional(),
  searxngInstanceUrl: z.string().optional(),
  searxngApiKey: z.string().optional(),
  firecrawlApiKey: z.string().optional(),
  firecrawlApiUrl: z.string().optional(),
  firecrawlVersion: z.string().optional(),
  jinaApiKey: z.string().optional(),
  jinaApiUrl: z.string().optional(),
  cohereApiKey: z.string().optional(),
  /** Ours: Cohere's base URL, as for Serper. */
  cohereApiUrl: z.string().optional(),
  scraperTimeout: z.number().int().positive().optional(),
  safeSearch: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
});
export type WebSearchYaml = z.infer<typeof WebSearchYaml>;

export const YamlConfig = z.object({
  version: z.union([z.string(), z.number()]).optional(),
  balance: BalanceConfig.optional(),
  modelSpecs: ModelSpecs.optional(),
  interface: z
    .object({
      modelSelect: z.boolean().optional(),
      endpointsMenu: z.boolean().optional(),
      presets: z.boolean().optional(),
      parameters: z.boolean().optional(),
      sidePanel: z.boolean().optional(),
      temporaryChat: z.boolean().optional(),
      /** Hours (LibreChat: 1–8760, default 720). */
      temporaryChatRetention: z.number().int().min(1).max(8760).optional(),
      customWelcome: z.string().optional(),
      privacyPolicy: LinkConfig.optional(),
      termsOfService: LinkConfig.partial()
        .extend({
          modalAcceptance: z.boolean().optional(),
          modalTitle: z.string().optional(),
          // LibreChat accepts the markdown as one string or as a list of lines.
          modalContent: z
            .union([z.string(), z.array(z.string()).transform((lines) => lines.join('\n'))])
            .optional(),
        })
        .optional(),
    })
    .optional(),
  /** LibreChat's keys and units (MB, regex strings); merged with the defaults in config/file-config.ts. */
  fileConfig: FileConfigYaml.optional(),
  webSearch: WebSearchYaml.optional(),
  /** MCP servers (issue 16; config/mcp-config.ts). */
  mcpServers: McpServersYaml.optional(),
  /** OpenAPI actions (issue 16): the hosts actions may call; unset allows any public host. */
  actions: z.object({ allowedDomains: z.array(z.string()).optional() }).optional(),
  registration: z
    .object({
      /** Order of the social login buttons (LibreChat's `registration.socialLogins`). */
      socialLogins: z.array(z.string()).optional(),
      /** Email domains new accounts may use (auth/registration.ts); unset or empty allows any. */
      allowedDomains: z.array(z.string()).optional(),
    })
    .optional(),
  endpoints: z
    .object({
      openAI: BuiltinEndpoint.optional(),
      anthropic: BuiltinEndpoint.optional(),
      google: BuiltinEndpoint.optional(),
      bedrock: z
        .object({
          ...TitleKeys,
          models: z.array(z.string()).optional(),
          availableRegions: z.array(z.string()).optional(),
        })
        .optional(),
      azureOpenAI: z.object({ ...TitleKeys, groups: z.array(AzureGroup).min(1) }).optional(),
      agents: AgentsEndpointYaml.optional(),
      custom: z.array(CustomEndpoint).optional(),
    })
    .optional(),
});
export type YamlConfig = z.infer<typeof YamlConfig>;

/** Placeholders filled per request, not from the environment (Azure base URLs). */
const REQUEST_PLACEHOLDERS = new Set(['INSTANCE_NAME', 'DEPLOYMENT_NAME']);

/** Replace `${NAME}` with the environment value (empty when unset). */
function interpolate(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\{(\w+)\}/g, (whole, name) =>
      REQUEST_PLACEHOLDERS.has(name) ? whole : (env[name] ?? ''),
    );
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)]));
  }
  return value;
}

/** Keys present in the file that the schema does not know, as dotted paths. */
function unknownKeys(value: unknown, schema: z.ZodType, at: string): string[] {
  const def = schema instanceof z.ZodOptional ? schema.unwrap() : schema;
  if (def instanceof z.ZodObject && value && typeof value === 'object' && !Array.isArray(value)) {
    const shape = def.shape as Record<string, z.ZodType>;
    return Object.entries(value).flatMap(([k, v]) =>
      k in shape ? unknownKeys(v, shape[k], at ? `${at}.${k}` : k) : [at ? `${at}.${k}` : k],
    );
  }
  if (def instanceof z.ZodArray && Array.isArray(value)) {
    return value.flatMap((v, i) => unknownKeys(v, def.element as z.ZodType, `${at}[${i}]`));
  }
  return [];
}

export interface LoadedYaml {
  config: YamlConfig;
  warnings: string[];
}

/** Parse and validate the file: unknown keys warn, invalid values fail naming the key. */
export function parseYamlConfig(text: string, env: NodeJS.ProcessEnv, source = 'librechat.yaml'): LoadedYaml {
  const raw = interpolate(parse(text) ?? {}, env);
  const result = YamlConfig.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Invalid ${source}: "${issue.path.join('.')}" ${issue.message}`);
  }
  const warnings = unknownKeys(raw, YamlConfig, '').map(
    (k) => `${source}: unsupported key "${k}" is ignored`,
  );
  return { config: result.data, warnings };
}

export function loadYamlConfig(file: string | null, env: NodeJS.ProcessEnv): LoadedYaml {
  if (!file) return { config: {}, warnings: [] };
  return parseYamlConfig(readFileSync(file, 'utf8'), env, file);
}

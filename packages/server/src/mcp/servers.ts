import type { McpCustomUserVar, McpTransportType, McpUserServerConfig } from '@parley/schema';
import type { McpServersYaml, McpServerYaml } from '../config/mcp-config.ts';
import { placeholdersIn, USER_ID_PLACEHOLDER } from './placeholders.ts';

/** One server as the manager sees it, whether from librechat.yaml or a user's own. */
export interface McpServerDef {
  name: string;
  source: 'yaml' | 'user';
  /** For `user` servers: whose it is. */
  ownerId?: string;
  type: McpTransportType;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
  title?: string;
  description?: string;
  iconPath?: string;
  chatMenu: boolean;
  /** Connect when the app starts (app-wide servers only; false: on first use). */
  startup: boolean;
  timeout?: number;
  initTimeout?: number;
  serverInstructions?: boolean | string;
  customUserVars?: Record<string, McpCustomUserVar>;
  requiresOAuth: boolean;
  /** librechat.yaml `oauth` (a pre-registered client, scope…); discovery fills the rest. */
  oauth?: McpServerYaml['oauth'];
  /**
   * One connection per user: a user's own server, or one whose url/headers/env name a user
   * placeholder. Otherwise one connection (one stdio process) serves everyone.
   */
  perUser: boolean;
  /**
   * Values from librechat.yaml that may be keys (the admin `apiKey`, header and env values): never
   * shown in a server's error, status or logs.
   */
  configSecrets?: string[];
  createdAt?: number;
  updatedAt?: number;
}

/** Every string of a server's config a user placeholder may appear in. */
const templated = (s: {
  url?: string;
  headers?: Record<string, string>;
  env?: Record<string, string>;
  args?: string[];
}) => [s.url, ...Object.values(s.headers ?? {}), ...Object.values(s.env ?? {}), ...(s.args ?? [])];

const usesUserValues = (s: Parameters<typeof templated>[0]) => placeholdersIn(templated(s)).size > 0;

export function yamlServerDef(name: string, s: McpServerYaml): McpServerDef {
  const common = {
    name,
    source: 'yaml' as const,
    title: s.title,
    description: s.description,
    iconPath: s.iconPath,
    chatMenu: s.chatMenu ?? true,
    startup: s.startup ?? true,
    timeout: s.timeout,
    initTimeout: s.initTimeout,
    serverInstructions: s.serverInstructions,
    customUserVars: s.customUserVars,
    // A server with an `oauth` block signs each user in too.
    requiresOAuth: s.requiresOAuth ?? Boolean(s.oauth),
    oauth: s.oauth,
  };
  if (s.type === 'stdio') {
    return {
      ...common,
      type: 'stdio',
      command: s.command,
      args: s.args ?? [],
      env: s.env ?? {},
      perUser: usesUserValues({ env: s.env, args: s.args }),
      configSecrets: likelyKeys(Object.values(s.env ?? {})),
    };
  }
  const key = apiKeyHeader(s.apiKey);
  const headers = key
    ? { ...withoutHeader(s.headers ?? {}, key.name), [key.name]: key.value }
    : (s.headers ?? {});
  const customUserVars =
    s.apiKey?.source === 'user'
      ? {
          ...s.customUserVars,
          [USER_API_KEY_VAR]: s.customUserVars?.[USER_API_KEY_VAR] ?? {
            title: 'API Key',
            description: `Your API key for ${s.title ?? name}.`,
          },
        }
      : s.customUserVars;
  return {
    ...common,
    customUserVars,
    type: s.type,
    url: s.url,
    headers,
    // Signed-in servers act for one user: one connection each.
    perUser: common.requiresOAuth || usesUserValues({ url: s.url, headers }),
    configSecrets: likelyKeys([
      ...(s.apiKey?.source !== 'user' && s.apiKey?.key ? [s.apiKey.key] : []),
      ...Object.values(s.headers ?? {}),
    ]),
  };
}

/** Config values long enough to be keys (short ones would blank ordinary words in messages). */
const likelyKeys = (values: readonly string[]) => values.filter((v) => v.length >= 8);

/** The customUserVar a `source: user` apiKey is asked for as (LibreChat's name). */
export const USER_API_KEY_VAR = 'MCP_API_KEY';

/**
 * librechat.yaml `apiKey` as a header: `bearer`/`basic` in Authorization with that prefix (the key
 * as given), `custom` in `custom_header`. A user's key is the `{{MCP_API_KEY}}` placeholder, filled
 * from their stored values when their connection opens.
 */
export function apiKeyHeader(k: McpServerYaml['apiKey']): { name: string; value: string } | null {
  if (!k) return null;
  const key = k.source === 'user' ? `{{${USER_API_KEY_VAR}}}` : k.key;
  if (!key) return null;
  if (k.authorization_type === 'custom')
    return k.custom_header ? { name: k.custom_header, value: key } : null;
  return { name: 'Authorization', value: `${k.authorization_type === 'bearer' ? 'Bearer' : 'Basic'} ${key}` };
}

/** Headers without any spelling of `name` (the apiKey's header replaces one written in `headers`). */
const withoutHeader = (h: Record<string, string>, name: string) =>
  Object.fromEntries(Object.entries(h).filter(([k]) => k.toLowerCase() !== name.toLowerCase()));

export function yamlServerDefs(yaml: McpServersYaml | undefined): McpServerDef[] {
  return Object.entries(yaml ?? {}).map(([name, s]) => yamlServerDef(name, s));
}

export function userServerDef(
  ownerId: string,
  name: string,
  c: McpUserServerConfig,
  times: { createdAt: number; updatedAt: number },
): McpServerDef {
  return {
    name,
    source: 'user',
    ownerId,
    type: c.type,
    url: c.url,
    headers: c.headers ?? {},
    title: c.title,
    description: c.description,
    iconPath: c.iconPath,
    chatMenu: c.chatMenu ?? true,
    startup: false,
    timeout: c.timeout,
    initTimeout: c.initTimeout,
    serverInstructions: c.serverInstructions,
    customUserVars: c.customUserVars,
    requiresOAuth: false,
    perUser: true,
    ...times,
  };
}

/** The customUserVars a server needs from each user (those its url/headers/env actually use, or all declared). */
export function neededVars(def: McpServerDef): string[] {
  const declared = Object.keys(def.customUserVars ?? {});
  const used = placeholdersIn(templated(def));
  used.delete(USER_ID_PLACEHOLDER);
  return [...new Set([...declared, ...used])];
}

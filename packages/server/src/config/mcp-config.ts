import { McpServerName } from '@parley/schema';
import { z } from 'zod';

/**
 * librechat.yaml `mcpServers` with exactly LibreChat's keys (issue 16). `${ENV}` references are
 * filled when the file is read (config/yaml.ts); `{{NAME}}` placeholders in `url`, `headers` and
 * `env` are filled per user from the server's `customUserVars` (and `{{LIBRECHAT_USER_ID}}`) when that
 * user's connection opens (mcp/placeholders.ts).
 */

const CustomUserVar = z.object({ title: z.string(), description: z.string().optional() });

const OAuthYaml = z.object({
  authorization_url: z.string().optional(),
  token_url: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  scope: z.string().optional(),
  redirect_uri: z.string().optional(),
  token_exchange_method: z.string().optional(),
  grant_types_supported: z.array(z.string()).optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  response_types_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
  skip_code_challenge_check: z.boolean().optional(),
  revocation_endpoint: z.string().optional(),
  revocation_endpoint_auth_methods_supported: z.array(z.string()).optional(),
});

/** Keys every transport shares (LibreChat's BaseOptionsSchema). */
const Base = {
  title: z.string().optional(),
  description: z.string().optional(),
  iconPath: z.string().optional(),
  /** Connect at startup (default) or, when false, on first use. */
  startup: z.boolean().optional(),
  /** Listed in the chat's MCP menu (default true). */
  chatMenu: z.boolean().optional(),
  /** Per-request timeout (ms) for tool calls. */
  timeout: z.number().int().positive().optional(),
  /** Time allowed to connect and initialize (ms). */
  initTimeout: z.number().int().positive().optional(),
  /** true: the server's own instructions; a string: this text. Either reaches the system prompt. */
  serverInstructions: z.union([z.boolean(), z.string()]).optional(),
  requiresOAuth: z.boolean().optional(),
  oauth: OAuthYaml.optional(),
  customUserVars: z.record(z.string(), CustomUserVar).optional(),
  /**
   * A key sent as a header on every request (remote servers): the admin's `key` for everyone, or
   * (`source: user`) each user's own, asked for like a customUserVar (`MCP_API_KEY`). `bearer` and
   * `basic` go in Authorization with that prefix; `custom` in `custom_header` as is.
   */
  apiKey: z
    .object({
      source: z.enum(['admin', 'user']),
      authorization_type: z.enum(['basic', 'bearer', 'custom']),
      custom_header: z.string().min(1).optional(),
      key: z.string().optional(),
    })
    .refine((k) => k.authorization_type !== 'custom' || k.custom_header, {
      message: 'authorization_type "custom" needs custom_header',
      path: ['custom_header'],
    })
    .refine((k) => k.source !== 'admin' || k.key, {
      message: 'source "admin" needs key',
      path: ['key'],
    })
    .optional(),
};

const Stdio = z.object({
  type: z.literal('stdio').optional(),
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  /** The child's whole environment besides a minimal PATH/HOME-like base (never the app's). */
  env: z.record(z.string(), z.string()).optional(),
  stderr: z.string().optional(),
  ...Base,
});

const Remote = z.object({
  type: z.enum(['sse', 'streamable-http', 'http', 'websocket']).optional(),
  url: z.string().min(1),
  headers: z.record(z.string(), z.string()).optional(),
  ...Base,
});

/** One server; LibreChat infers the type when it is missing (command → stdio, ws(s):// → websocket, else sse). */
export const McpServerYaml = z.union([Stdio, Remote]).transform((s) => {
  if ('command' in s) return { ...s, type: 'stdio' as const };
  const type = s.type ?? (/^wss?:\/\//i.test(s.url) ? 'websocket' : 'sse');
  return { ...s, type };
});
export type McpServerYaml = z.infer<typeof McpServerYaml>;

export const McpServersYaml = z.record(McpServerName, McpServerYaml);
export type McpServersYaml = z.infer<typeof McpServersYaml>;

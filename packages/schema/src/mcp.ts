import { z } from 'zod';

/**
 * MCP servers (issue 16 point 2) on LibreChat's `/api/mcp` routes and shapes, so its clients keep
 * working. Servers come from librechat.yaml `mcpServers` (app-wide) or are added by users who hold
 * MCP_SERVERS CREATE (remote ones only). Answers never carry a secret: header values and the user's
 * customUserVars values stay on the server, sealed.
 */

/** LibreChat's tool-name delimiter: an MCP tool is offered to the model as `<tool>_mcp_<server>`. */
export const MCP_DELIMITER = '_mcp_';
/** POST /api/user/plugins `pluginKey` for a server's customUserVars (LibreChat: `mcp_<serverName>`). */
export const MCP_PLUGIN_PREFIX = 'mcp_';

export const mcpToolKey = (tool: string, server: string) => `${tool}${MCP_DELIMITER}${server}`;
export const mcpPluginKey = (server: string) => `${MCP_PLUGIN_PREFIX}${server}`;

/** `<tool>_mcp_<server>` → its parts (the last delimiter splits: server names may not contain it). */
export function parseMcpToolKey(key: string): { tool: string; server: string } | null {
  const at = key.lastIndexOf(MCP_DELIMITER);
  if (at <= 0 || at + MCP_DELIMITER.length >= key.length) return null;
  return { tool: key.slice(0, at), server: key.slice(at + MCP_DELIMITER.length) };
}

/** A server's name: letters, digits, `-` and `_`, and never the delimiter (it would make keys ambiguous). */
export const McpServerName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, "-" and "_" only.')
  .refine((s) => !s.includes(MCP_DELIMITER), `May not contain "${MCP_DELIMITER}".`);

/** Connection states (LibreChat's, plus requires_oauth for a server waiting for the user's sign-in). */
export const McpConnectionState = z.enum([
  'connected',
  'connecting',
  'disconnected',
  'error',
  'requires_oauth',
]);
export type McpConnectionState = z.infer<typeof McpConnectionState>;

/** One customUserVars entry as the UI shows it (the value is never sent back). */
export const McpCustomUserVar = z.object({ title: z.string(), description: z.string().optional() });
export type McpCustomUserVar = z.infer<typeof McpCustomUserVar>;

export const McpTransportType = z.enum(['stdio', 'sse', 'streamable-http', 'http', 'websocket']);
export type McpTransportType = z.infer<typeof McpTransportType>;

/** GET /api/mcp/servers (record by name) and GET /api/mcp/servers/:serverName. */
export const McpServerInfo = z.object({
  serverName: z.string(),
  /** yaml: app-wide from librechat.yaml; user: added by this user in the UI. */
  source: z.enum(['yaml', 'user']),
  type: McpTransportType,
  title: z.string().optional(),
  description: z.string().optional(),
  iconPath: z.string().optional(),
  /** Offered in the composer's MCP badge (LibreChat: `chatMenu`, default true). */
  chatMenu: z.boolean(),
  /** Remote servers only; never for stdio. */
  url: z.string().optional(),
  /** Names of the headers sent (values are secret). */
  headerNames: z.array(z.string()).optional(),
  customUserVars: z.record(z.string(), McpCustomUserVar).optional(),
  requiresOAuth: z.boolean(),
  /** The server has instructions that reach the model's system prompt. */
  hasInstructions: z.boolean(),
  timeout: z.number().optional(),
  initTimeout: z.number().optional(),
  /** This user's connection state. */
  connectionState: McpConnectionState,
  /** Why it is in `error` (readable; no secret). */
  error: z.string().optional(),
  createdAt: z.number().optional(),
  updatedAt: z.number().optional(),
});
export type McpServerInfo = z.infer<typeof McpServerInfo>;
export const McpServersList = z.record(z.string(), McpServerInfo);
export type McpServersList = z.infer<typeof McpServersList>;

export const McpServerParams = z.object({ serverName: z.string().min(1).max(64) });

/**
 * POST /api/mcp/servers and PATCH /api/mcp/servers/:serverName (MCP_SERVERS CREATE): a remote
 * server for the signed-in user only. stdio is refused (it would run a program on this machine);
 * the URL goes through the SSRF guard on every connection.
 */
export const McpUserServerConfig = z.object({
  type: z.enum(['sse', 'streamable-http', 'http']),
  url: z.string().url().max(2048),
  headers: z.record(z.string().min(1).max(128), z.string().max(4096)).optional(),
  title: z.string().max(128).optional(),
  description: z.string().max(1024).optional(),
  iconPath: z.string().max(2048).optional(),
  chatMenu: z.boolean().optional(),
  timeout: z.number().int().positive().max(600_000).optional(),
  initTimeout: z.number().int().positive().max(600_000).optional(),
  serverInstructions: z.union([z.boolean(), z.string().max(8192)]).optional(),
  customUserVars: z
    .record(
      z
        .string()
        .regex(/^[A-Za-z0-9_]+$/)
        .max(64),
      McpCustomUserVar,
    )
    .optional(),
});
export type McpUserServerConfig = z.infer<typeof McpUserServerConfig>;

export const McpCreateServerBody = z.object({ serverName: McpServerName, config: McpUserServerConfig });
export type McpCreateServerBody = z.infer<typeof McpCreateServerBody>;
export const McpUpdateServerBody = z.object({ config: McpUserServerConfig });
export type McpUpdateServerBody = z.infer<typeof McpUpdateServerBody>;

/** One tool of a server, as GET /api/mcp/tools lists it. */
export const McpToolInfo = z.object({
  /** The server's own tool name. */
  name: z.string(),
  /** What agents list and the model calls: `<tool>_mcp_<server>`. */
  pluginKey: z.string(),
  description: z.string(),
});
export type McpToolInfo = z.infer<typeof McpToolInfo>;

/** GET /api/mcp/tools: every server this user can use, with its tools (empty while not connected). */
export const McpToolsResponse = z.object({
  servers: z.record(
    z.string(),
    z.object({
      name: z.string(),
      icon: z.string().optional(),
      /** Every customUserVar is set (or none is needed) and no sign-in is missing. */
      authenticated: z.boolean(),
      authConfig: z.array(z.object({ authField: z.string(), label: z.string(), description: z.string() })),
      connectionState: McpConnectionState,
      /** The user signs in to it (their sign-out is POST /api/user/plugins `uninstall` of `mcp_<server>`). */
      requiresOAuth: z.boolean().optional(),
      tools: z.array(McpToolInfo),
    }),
  ),
});
export type McpToolsResponse = z.infer<typeof McpToolsResponse>;

/** GET /api/mcp/connection/status (LibreChat's shape). */
export const McpConnectionStatusResponse = z.object({
  success: z.boolean(),
  connectionStatus: z.record(
    z.string(),
    z.object({
      requiresOAuth: z.boolean(),
      connectionState: McpConnectionState,
      error: z.string().optional(),
    }),
  ),
});
export type McpConnectionStatusResponse = z.infer<typeof McpConnectionStatusResponse>;

/** GET /api/mcp/connection/status/:serverName. */
export const McpServerConnectionStatusResponse = z.object({
  success: z.boolean(),
  serverName: z.string(),
  requiresOAuth: z.boolean(),
  connectionState: McpConnectionState,
  error: z.string().optional(),
});
export type McpServerConnectionStatusResponse = z.infer<typeof McpServerConnectionStatusResponse>;

/** GET /api/mcp/:serverName/auth-values: which customUserVars this user has set, never the values. */
export const McpAuthValuesResponse = z.object({
  success: z.boolean(),
  serverName: z.string(),
  authValueFlags: z.record(z.string(), z.boolean()),
});
export type McpAuthValuesResponse = z.infer<typeof McpAuthValuesResponse>;

/** POST /api/mcp/:serverName/reinitialize. */
export const McpReinitializeResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  serverName: z.string(),
  connectionState: McpConnectionState,
  oauthRequired: z.boolean(),
});
export type McpReinitializeResponse = z.infer<typeof McpReinitializeResponse>;

/** GET /api/mcp/:serverName/prompts: the server's prompts (names and arguments). */
export const McpPromptsResponse = z.object({
  prompts: z.array(
    z.object({
      name: z.string(),
      description: z.string().optional(),
      arguments: z
        .array(
          z.object({
            name: z.string(),
            description: z.string().optional(),
            required: z.boolean().optional(),
          }),
        )
        .optional(),
    }),
  ),
});
export type McpPromptsResponse = z.infer<typeof McpPromptsResponse>;

/**
 * GET /api/mcp/:serverName/oauth/initiate: the URL to open for the user's sign-in (discovery,
 * dynamic registration and PKCE done), or none when their tokens already work. The authorization
 * server sends the browser back to GET /api/mcp/:serverName/oauth/callback, which stores the tokens
 * (sealed, per user) and answers a page saying it is done.
 */
export const McpOAuthInitiateResponse = z.object({
  success: z.boolean(),
  serverName: z.string(),
  authorizationUrl: z.string().optional(),
  /** LibreChat's flow id (`<userId>:<serverName>`) for GET …/oauth/status/:flowId. */
  flowId: z.string().optional(),
});
export type McpOAuthInitiateResponse = z.infer<typeof McpOAuthInitiateResponse>;
export const McpOAuthCallbackQuery = z.object({
  code: z.string().min(1).max(4096).optional(),
  state: z.string().min(1).max(4096).optional(),
  error: z.string().max(256).optional(),
});

export const McpOAuthFlowParams = z.object({ flowId: z.string().min(1).max(256) });

/** GET /api/mcp/oauth/status/:flowId (LibreChat's shape), for the signed-in user's own flows only. */
export const McpOAuthStatusResponse = z.object({
  status: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
  completed: z.boolean(),
  failed: z.boolean(),
  error: z.string().optional(),
});
export type McpOAuthStatusResponse = z.infer<typeof McpOAuthStatusResponse>;

/**
 * GET /api/mcp/oauth/tokens/:flowId: LibreChat's `{tokens}` for a completed flow, but never the
 * tokens themselves (docs/decisions.md): their type, expiry, scope and whether a refresh token is
 * held. The owner only.
 */
export const McpOAuthTokensResponse = z.object({
  tokens: z.object({
    token_type: z.string(),
    expires_at: z.number().optional(),
    scope: z.string().optional(),
    has_refresh_token: z.boolean(),
  }),
});
export type McpOAuthTokensResponse = z.infer<typeof McpOAuthTokensResponse>;

/** POST /api/mcp/oauth/cancel/:serverName. */
export const McpOAuthCancelResponse = z.object({ success: z.boolean(), message: z.string() });
export type McpOAuthCancelResponse = z.infer<typeof McpOAuthCancelResponse>;

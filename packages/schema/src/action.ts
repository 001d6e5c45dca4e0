import { z } from 'zod';

/**
 * OpenAPI actions (doc 3 §3 Action, §5 Actions, §7 Actions; issue 16): an OpenAPI 3.x spec attached
 * to an agent whose operations become the agent's tools. Shapes and names are LibreChat's, so its
 * clients and imported agents keep working (docs/decisions.md "Actions (issue 16)").
 */

// ── Names (LibreChat's) ────────────────────────────────────────────────────────────────────────

/** Joins a function name and its action's encoded domain in a tool key: `getWeather_action_api---x---com`. */
export const ACTION_DELIMITER = '_action_';
/** Stands for '.' in a short domain inside a tool key (tool names allow only [a-zA-Z0-9_-]). */
export const ACTION_DOMAIN_SEPARATOR = '---';
/** Domains longer than this are encoded as the first this-many characters of their base64. */
export const ENCODED_DOMAIN_LENGTH = 10;

// ── Texts (doc 3 §5) ───────────────────────────────────────────────────────────────────────────

export const ACTION_SPEC_VALID = 'OpenAPI spec is valid.';
export const ACTION_NO_AGENT = 'No agent_id found, is the agent created?';

// ── Limits (values not shown in the spec; ours, docs/decisions.md) ────────────────────────────

/** A spec larger than this is refused before it is parsed. */
export const ACTION_SPEC_MAX_BYTES = 1_000_000;
/** Operations one spec may define (each is a tool; an agent lists at most 128 tools). */
export const ACTION_OPERATIONS_MAX = 64;
/** How deep `$ref`s may nest once resolved; a cycle is refused outright. */
export const ACTION_REF_DEPTH_MAX = 32;
/** Nodes the resolved spec may hold (a few refs can expand a small file exponentially). */
export const ACTION_SPEC_MAX_NODES = 200_000;
/** Actions one agent may hold. */
export const ACTIONS_PER_AGENT_MAX = 20;

// ── Auth (doc 3 §3) ────────────────────────────────────────────────────────────────────────────

/** none, API key (service_http) or OAuth 2 authorization code. */
export const ActionAuthType = z.enum(['none', 'service_http', 'oauth']);
export type ActionAuthType = z.infer<typeof ActionAuthType>;
/** How an API key is sent: `Authorization: Basic|Bearer <key>` or a custom header. */
export const ActionAuthorizationType = z.enum(['basic', 'bearer', 'custom']);
export type ActionAuthorizationType = z.infer<typeof ActionAuthorizationType>;
/** How the OAuth client authenticates at the token URL: in the POST body or a Basic header. */
export const ActionTokenExchangeMethod = z.enum(['default_post', 'basic_auth_header']);
export type ActionTokenExchangeMethod = z.infer<typeof ActionTokenExchangeMethod>;

const Url = z.string().max(2048);

export const ActionAuth = z.object({
  type: ActionAuthType.default('none'),
  authorization_type: ActionAuthorizationType.optional(),
  custom_auth_header: z.string().max(256).optional(),
  /** OAuth: where the user signs in. */
  authorization_url: Url.optional(),
  /** OAuth: the token URL (LibreChat's name). */
  client_url: Url.optional(),
  scope: z.string().max(1024).optional(),
  token_exchange_method: ActionTokenExchangeMethod.optional(),
});
export type ActionAuth = z.infer<typeof ActionAuth>;

/** What a client sends: secrets included (a blank secret on update keeps the stored one). */
export const ActionMetadataInput = z.object({
  /** Bounded in bytes by the parser (ACTION_SPEC_MAX_BYTES, with its message); this only caps the body. */
  raw_spec: z.string().max(ACTION_SPEC_MAX_BYTES * 2),
  /** The host the client took from the spec's first operation; checked against the spec's server. */
  domain: z.string().max(253).optional(),
  privacy_policy_url: Url.optional(),
  auth: ActionAuth.default({ type: 'none' }),
  api_key: z.string().max(4096).optional(),
  oauth_client_id: z.string().max(1024).optional(),
  oauth_client_secret: z.string().max(4096).optional(),
});
export type ActionMetadataInput = z.infer<typeof ActionMetadataInput>;

/** What the API answers: the secrets are never returned (LibreChat leaves them out too). */
export const ActionMetadata = z.object({
  raw_spec: z.string(),
  domain: z.string(),
  privacy_policy_url: z.string().optional(),
  auth: ActionAuth,
  /** Which secrets are stored (so a form can say "saved" without seeing them; ours). */
  api_key_set: z.boolean(),
  oauth_client_id_set: z.boolean(),
  oauth_client_secret_set: z.boolean(),
});
export type ActionMetadata = z.infer<typeof ActionMetadata>;

/** One operation of a spec as the builder lists it (doc 3 §3: name, method, path, domain). */
export const ActionFunction = z.object({
  /** The function name (operationId, else LibreChat's `${method}_${path}` sanitised). */
  name: z.string(),
  description: z.string(),
  method: z.string(),
  path: z.string(),
  /** The spec's server host. */
  domain: z.string(),
  /** The tool key agents list it by: `${name}_action_${encodedDomain}`. */
  tool: z.string(),
});
export type ActionFunction = z.infer<typeof ActionFunction>;

export const Action = z.object({
  action_id: z.string(),
  agent_id: z.string(),
  /** Who the action belongs to (the agent's author, as LibreChat records it). */
  user: z.string(),
  type: z.literal('action_prototype'),
  metadata: ActionMetadata,
  functions: z.array(ActionFunction),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Action = z.infer<typeof Action>;
export const ActionList = z.array(Action);

/** LibreChat's FunctionTool (what its web derives from the spec and sends). */
export const FunctionTool = z.object({
  type: z.literal('function').optional(),
  function: z.object({
    name: z.string().max(256),
    description: z.string().max(4096).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});

/**
 * POST /api/agents/actions/:agent_id (doc 3 §7: action_id optional, metadata, functions, agent_id).
 * The server derives the functions from `metadata.raw_spec` itself; `functions` is accepted for
 * LibreChat's clients and ignored.
 */
export const ActionUpdateBody = z.object({
  action_id: z.string().min(1).max(64).optional(),
  metadata: ActionMetadataInput,
  functions: z
    .array(FunctionTool)
    .max(ACTION_OPERATIONS_MAX * 2)
    .optional(),
});
export type ActionUpdateBody = z.infer<typeof ActionUpdateBody>;

export const ActionAgentParams = z.object({ agent_id: z.string().min(1).max(64) });
export const ActionDeleteParams = z.object({
  agent_id: z.string().min(1).max(64),
  action_id: z.string().min(1).max(64),
});
export const ActionIdParams = z.object({ action_id: z.string().min(1).max(64) });

/** POST /api/actions/validate: parse a spec as a save would (the builder's 800 ms check). */
export const ActionValidateBody = z.object({ raw_spec: z.string().max(ACTION_SPEC_MAX_BYTES * 2) });
export const ActionValidateResult = z.object({
  status: z.boolean(),
  /** ACTION_SPEC_VALID, or what is wrong, one problem per line. */
  message: z.string(),
  /** The spec's server URL and host when valid. */
  serverUrl: z.string().optional(),
  domain: z.string().optional(),
  functions: z.array(ActionFunction),
});
export type ActionValidateResult = z.infer<typeof ActionValidateResult>;

/** GET /api/actions/:action_id/oauth/callback (the authorization server's redirect). */
export const ActionOAuthCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

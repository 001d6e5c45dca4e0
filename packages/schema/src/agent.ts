import { z } from 'zod';
import { Action } from './action.ts';

// ── Constants (doc 3 §5, §9; values the spec does not show are named here) ─────────────────────

/** doc 3 §9: agent name 256, description 512. */
export const AGENT_NAME_MAX = 256;
export const AGENT_DESCRIPTION_MAX = 512;
/** Instructions: the assistants' bound (doc 3 §9), shared by agents (value not shown for agents). */
export const AGENT_INSTRUCTIONS_MAX = 32_768;
/** doc 3 §5: a chain holds at most 10 agents, shown as n / 10. */
export const AGENT_CHAIN_MAX = 10;
/** MAX_CONVO_STARTERS (value not shown): LibreChat's is 4. */
export const CONVO_STARTERS_MAX = 4;
/** doc 3 §9: a conversation starter's text is at most 64 characters. */
export const CONVO_STARTER_MAX_LENGTH = 64;
/** librechat.yaml `endpoints.agents.recursionLimit` default (LibreChat's). */
export const DEFAULT_RECURSION_LIMIT = 25;
/** librechat.yaml `endpoints.agents.maxRecursionLimit` when not set (value not shown). */
export const DEFAULT_MAX_RECURSION_LIMIT = 100;
/** Agent ids carry LibreChat's prefix so imported ids and ours look alike. */
export const AGENT_ID_PREFIX = 'agent_';
/** The gallery's and selector's page (LibreChat's marketplace limit). */
export const AGENT_PAGE_SIZE = 100;
/**
 * The instance project (doc 3 §3): an agent shared with all users lists it in `projectIds`. LibreChat
 * uses a database id here; ours is fixed, and GET /api/config tells clients (`instanceProjectId`).
 */
export const INSTANCE_PROJECT_ID = 'instance';
/** Tools one agent may list, and the longest tool key (values not shown). */
export const AGENT_TOOLS_MAX = 128;
export const AGENT_TOOL_KEY_MAX = 256;
/** Files one tool resource of an agent may hold (value not shown). */
export const AGENT_RESOURCE_FILES_MAX = 100;
/** doc 3 §5: agent avatar types; the size limit is avatarSizeLimit (2 MB when unset). */
export const AGENT_AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Agent capabilities, as librechat.yaml `endpoints.agents.capabilities` names them (doc 3 §6). */
export const AgentCapabilities = {
  execute_code: 'execute_code',
  file_search: 'file_search',
  web_search: 'web_search',
  artifacts: 'artifacts',
  actions: 'actions',
  tools: 'tools',
  chain: 'chain',
  context: 'context',
  ocr: 'ocr',
} as const;
export type AgentCapability = keyof typeof AgentCapabilities;
export const AgentCapability = z.enum(
  Object.keys(AgentCapabilities) as [AgentCapability, ...AgentCapability[]],
);
/** LibreChat's default capability list (everything but tools it has no server for is on). */
export const DEFAULT_AGENT_CAPABILITIES: AgentCapability[] = [
  'execute_code',
  'file_search',
  'web_search',
  'artifacts',
  'actions',
  'tools',
  'chain',
  'context',
  'ocr',
];

/** Tool keys the server provides itself; actions and MCP tools (issue 16) add their own keys. */
export const BuiltinTools = {
  file_search: 'file_search',
  web_search: 'web_search',
  execute_code: 'execute_code',
} as const;

/** The files an agent holds, by what they are for (LibreChat's tool_resources). */
export const AgentToolResource = z.enum(['file_search', 'context', 'execute_code', 'ocr']);
export type AgentToolResource = z.infer<typeof AgentToolResource>;
export const AgentToolResources = z.partialRecord(
  AgentToolResource,
  z.object({ file_ids: z.array(z.string()).default([]) }),
);
export type AgentToolResources = z.infer<typeof AgentToolResources>;

/** Artifacts mode (doc 3 §3): empty is off. */
export const AgentArtifactsMode = z.enum(['', 'default', 'shadcnui', 'custom']);

export const AgentAvatar = z.object({ filepath: z.string(), source: z.string() });

/** Gallery categories (value not shown; LibreChat's marketplace defaults), label keys in the web. */
export const AGENT_CATEGORIES = ['general', 'hr', 'rd', 'finance', 'it', 'sales', 'aftersales'] as const;
export const AgentCategory = z.enum(AGENT_CATEGORIES);

// ── The entity (doc 3 §3) ──────────────────────────────────────────────────────────────────────

/** The fields a builder edits; an agent is these plus who made it and when. */
const AgentFields = {
  name: z.string().max(AGENT_NAME_MAX).nullish(),
  description: z.string().max(AGENT_DESCRIPTION_MAX).nullish(),
  instructions: z.string().max(AGENT_INSTRUCTIONS_MAX).nullish(),
  provider: z.string().min(1).max(128),
  model: z.string().min(1).max(256),
  model_parameters: z.record(z.string(), z.unknown()).default({}),
  tools: z.array(z.string().min(1).max(AGENT_TOOL_KEY_MAX)).max(AGENT_TOOLS_MAX).default([]),
  /** A chain: agents run after this one, each seeing the previous outputs. */
  agent_ids: z.array(z.string().min(1).max(64)).max(AGENT_CHAIN_MAX).default([]),
  end_after_tools: z.boolean().default(false),
  hide_sequential_outputs: z.boolean().default(false),
  recursion_limit: z.number().int().positive().nullish(),
  artifacts: AgentArtifactsMode.default(''),
  tool_resources: AgentToolResources.default({}),
  conversation_starters: z
    .array(z.string().max(CONVO_STARTER_MAX_LENGTH))
    .max(CONVO_STARTERS_MAX)
    .default([]),
  /** Tool keys whose calls wait for the user's approval before they run (beyond the spec). */
  require_approval: z.array(z.string().min(1).max(256)).max(128).default([]),
  category: AgentCategory.default('general'),
  /**
   * 'assistant' for agents made in the assistants builder (OpenAI's Assistants API is gone; doc 3's
   * assistant builder is served by agents, docs/decisions.md).
   */
  kind: z.enum(['agent', 'assistant']).default('agent'),
  /** Assistants: the current date and time is added to the instructions of each run. */
  append_current_datetime: z.boolean().default(false),
};

export const Agent = z.object({
  id: z.string(),
  ...AgentFields,
  name: z.string().nullable(),
  description: z.string().nullable(),
  instructions: z.string().nullable(),
  recursion_limit: z.number().int().positive().nullable(),
  avatar: AgentAvatar.nullable(),
  author: z.string(),
  authorName: z.string().nullable(),
  /** Holds the instance project id when shared with all users (doc 3 §3). */
  projectIds: z.array(z.string()),
  isCollaborative: z.boolean(),
  is_promoted: z.boolean(),
  version: z.number().int().positive(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Agent = z.infer<typeof Agent>;

/** POST /api/agents */
export const AgentCreateBody = z.object(AgentFields);
export type AgentCreateBody = z.infer<typeof AgentCreateBody>;

type WithoutDefaults<T extends z.ZodRawShape> = {
  [K in keyof T]: T[K] extends z.ZodDefault<infer Inner> ? Inner : T[K];
};

/**
 * The fields without their defaults: a partial body must leave unsent fields out, and zod 4 fills
 * a default even inside `.partial()` (a PATCH of the name would reset the tools).
 */
function withoutDefaults<T extends z.ZodRawShape>(shape: T): WithoutDefaults<T> {
  return Object.fromEntries(
    Object.entries(shape).map(([k, v]) => [k, v instanceof z.ZodDefault ? v.unwrap() : v]),
  ) as WithoutDefaults<T>;
}

/** PATCH /api/agents/:id: any field; sharing via projectIds / isCollaborative (doc 3 §4). */
export const AgentUpdateBody = z
  .object({
    ...withoutDefaults(AgentFields),
    /**
     * Share with all users (holds the instance project) or stop sharing (does not); LibreChat's
     * clients add with `projectIds` and remove with `removeProjectIds` (doc 3 §7 sharing update).
     */
    projectIds: z.array(z.string().max(64)).max(16).optional(),
    removeProjectIds: z.array(z.string().max(64)).max(16).optional(),
    isCollaborative: z.boolean().optional(),
    is_promoted: z.boolean().optional(),
  })
  .partial();
export type AgentUpdateBody = z.infer<typeof AgentUpdateBody>;

export const AgentIdParams = z.object({ id: z.string().min(1).max(64) });

/** GET /api/agents */
export const AgentListQuery = z.object({
  search: z.string().max(200).optional(),
  category: z.string().max(64).optional(),
  /** 1: only featured agents. */
  promoted: z.enum(['0', '1']).optional(),
  /** 'mine' | 'shared' (shared with me) | all usable when absent. */
  scope: z.enum(['mine', 'shared']).optional(),
  cursor: z.string().max(256).optional(),
  limit: z.coerce.number().int().min(1).max(AGENT_PAGE_SIZE).default(AGENT_PAGE_SIZE),
});
export type AgentListQuery = z.infer<typeof AgentListQuery>;

/** GET /api/agents/categories: the gallery's categories with how many agents the user sees in each. */
export const AgentCategoryList = z.array(
  z.object({ value: z.string(), label: z.string(), count: z.number().int().nonnegative() }),
);
export type AgentCategoryList = z.infer<typeof AgentCategoryList>;

/** LibreChat's list shape. */
export const AgentList = z.object({
  object: z.literal('list'),
  data: z.array(Agent),
  first_id: z.string().nullable(),
  last_id: z.string().nullable(),
  has_more: z.boolean(),
  after: z.string().nullable(),
});
export type AgentList = z.infer<typeof AgentList>;

/** One saved state of an agent (GET /api/agents/:id/versions, newest first). */
export const AgentVersion = z.object({
  version: z.number().int().positive(),
  updatedAt: z.number(),
  updatedBy: z.string().nullable(),
  agent: AgentCreateBody,
});
export type AgentVersion = z.infer<typeof AgentVersion>;
export const AgentVersionList = z.array(AgentVersion);
export const AgentRevertBody = z.object({ version: z.number().int().positive() });

/** GET /api/agents/:id/usage (author only): all runs of the agent, by anyone. */
export const AgentUsage = z.object({
  runs: z.number().int().nonnegative(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  /** Credits charged (the balance's unit). */
  credits: z.number().nonnegative(),
  toolCalls: z.number().int().nonnegative(),
});
export type AgentUsage = z.infer<typeof AgentUsage>;

/** POST /api/agents/:id/duplicate (LibreChat: the agent and its actions). */
export const AgentDuplicateResult = z.object({ agent: Agent, actions: z.array(Action) });

/** POST /api/agents/import: an exported OpenAI assistant definition. */
export const OpenAIAssistantImport = z.object({
  name: z.string().nullish(),
  description: z.string().nullish(),
  instructions: z.string().nullish(),
  model: z.string().min(1),
  tools: z.array(z.object({ type: z.string() }).passthrough()).default([]),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  temperature: z.number().nullish(),
  top_p: z.number().nullish(),
  /** Where to run it: an endpoint name; the OpenAI endpoint when absent. */
  provider: z.string().min(1).max(128).optional(),
});

/** POST /api/agents/import's answer: the new agent, and the definition's tools it could not keep. */
export const AgentImportResult = z.object({ agent: Agent, skipped: z.array(z.string()) });
export type AgentImportResult = z.infer<typeof AgentImportResult>;

/** /api/files/images/agents/:agent_id/avatar and /api/files/agent/:agent_id */
export const AgentFileParams = z.object({ agent_id: z.string().min(1).max(64) });

/** A tool the builder offers (doc 3 §3 Tool). */
export const AvailableTool = z.object({
  pluginKey: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string().optional(),
  authConfig: z
    .array(z.object({ authField: z.string(), label: z.string(), description: z.string() }))
    .optional(),
  authenticated: z.boolean().optional(),
  /** Why the server cannot run the tool now (ours; e.g. execute_code without a sandbox engine). */
  unavailableReason: z.string().optional(),
});
export type AvailableTool = z.infer<typeof AvailableTool>;
export const AvailableToolList = z.array(AvailableTool);

/** POST /api/chat/approval: the user's answer to a tool call waiting for approval. */
export const ToolApprovalBody = z.object({
  conversationId: z.string().min(1).max(64),
  /** The reply that paused. */
  messageId: z.string().min(1).max(64),
  toolCallId: z.string().min(1).max(256),
  approved: z.boolean(),
});
export type ToolApprovalBody = z.infer<typeof ToolApprovalBody>;

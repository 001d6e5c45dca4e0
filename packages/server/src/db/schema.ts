import type { Generated, Selectable } from 'kysely';

/** Table row types (DESIGN §6): snake_case, text UUID ids, UTC ms integers, JSON as text. */
export interface UsersTable {
  id: string;
  email: string;
  username: string | null;
  name: string;
  password_hash: string | null;
  avatar: string | null;
  role: string;
  provider: string;
  email_verified: number;
  /** 1 once a two-factor setup is confirmed (migration 013). */
  two_factor_enabled: Generated<number>;
  created_at: number;
  updated_at: number;
  /** Banned until this UTC ms time; null when not banned (migration 015). */
  banned_until: Generated<number | null>;
  /** Migration 016: when the terms of service were accepted; null = not yet. */
  terms_accepted_at: Generated<number | null>;
}

/** One row per sign-in: the current refresh token's hash; older tokens of the row are reuse. */
export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  /** The token current before the last rotation, honoured for REFRESH_GRACE_MS. */
  prev_token_hash: string | null;
  expires_at: number;
  created_at: number;
  rotated_at: number;
}

export interface RolesTable {
  name: string;
  permissions: string;
  updated_at: number;
}

export interface ConversationsTable {
  conversation_id: string;
  user_id: string;
  title: string;
  endpoint: string | null;
  endpoint_type: string | null;
  model: string | null;
  parameters: string | null;
  spec: string | null;
  /** Migration 024: the agent the conversation runs with. */
  agent_id: string | null;
  is_archived: number;
  tags: string;
  expired_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface MessagesTable {
  user_id: string;
  message_id: string;
  conversation_id: string;
  parent_message_id: string;
  sender: string;
  text: string;
  content: string | null;
  is_created_by_user: number;
  error: number;
  unfinished: number;
  endpoint: string | null;
  model: string | null;
  finish_reason: string | null;
  token_count: number | null;
  client_timestamp: string | null;
  /** JSON: { contextDropped?: number } */
  metadata: string | null;
  /** JSON: MessageFile[] (migration 011). */
  files: string | null;
  created_at: number;
  updated_at: number;
}

/** Users' own remote MCP servers (migration 026). */
export interface McpServersTable {
  id: string;
  user_id: string;
  name: string;
  /** Sealed JSON of McpUserServerConfig (headers may hold keys). */
  config: string;
  created_at: number;
  updated_at: number;
}

/** A user's OAuth state for one remote MCP server (migration 026). */
export interface McpOAuthTable {
  user_id: string;
  server_name: string;
  /** Sealed JSON: registered client, tokens, PKCE verifier and state of a sign-in in progress. */
  data: string;
  updated_at: number;
}

export interface UserKeysTable {
  user_id: string;
  name: string;
  /** AES-256-GCM sealed JSON or plain key (crypto/secret-box.ts). */
  value: string;
  expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface BalancesTable {
  user_id: string;
  token_credits: number;
  last_refill: number | null;
  updated_at: number;
}

export interface TransactionsTable {
  id: string;
  user_id: string;
  conversation_id: string | null;
  message_id: string | null;
  /** 'prompt' | 'completion' | 'credits' (refills and admin adjustments) */
  token_type: string;
  model: string | null;
  raw_amount: number;
  rate: number;
  /** Credits moved: negative for spending. */
  token_value: number;
  created_at: number;
}

export interface PresetsTable {
  preset_id: string;
  user_id: string;
  title: string;
  /** JSON: endpoint, model and parameters. */
  settings: string;
  created_at: number;
  updated_at: number;
}

/** A shared link with its frozen snapshot (migration 010). */
export interface SharedLinksTable {
  share_id: string;
  user_id: string;
  conversation_id: string;
  title: string;
  is_public: number;
  /** JSON: SharedMessage[] with anonymized ids (share/snapshot.ts). */
  messages: string;
  message_count: number;
  created_at: number;
  updated_at: number;
}

/** A stored file (migration 020); its bytes are in the file storage under `storage_key`. */
export interface FilesTable {
  file_id: string;
  user_id: string;
  filename: string;
  storage_key: string;
  /** MIME type from the bytes. */
  type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  /** FileSource ('local' for uploads). */
  source: string;
  /** ToolResource: what the upload is for; null when not said. */
  tool_resource: string | null;
  /** FileStatus: 'pending' while processing, then 'ready' or 'failed' (the file is kept). */
  status: string;
  error: string | null;
  /** 1 once the file's chunks are embedded and searchable. */
  embedded: number;
  /** Tokens of the extracted text, when text was extracted. */
  tokens: number | null;
  conversation_id: string | null;
  message_id: string | null;
  created_at: number;
  updated_at: number;
  expires_at: number | null;
}

/** A file's extracted text and the embedding model of its chunks (migration 021). */
export interface FileTextsTable {
  file_id: string;
  user_id: string;
  text: string;
  /** JSON: [{page, offset}] where each page starts, for paged formats. */
  pages: string | null;
  embedding_model: string | null;
  embedding_dims: number | null;
  /** When this version of the index was written (a re-embed writes a new one): cached vectors' key. */
  created_at: number;
  /** Re-embedding (migration 022): the claiming job's token and when it last confirmed the claim. */
  reembed_claim: string | null;
  reembed_claimed_at: number | null;
  /** Failed re-embedding attempts since the index was written, and when to try again. */
  reembed_attempts: Generated<number>;
  reembed_after: number | null;
}

/** A passage of a file for file search (migration 021); its full-text row is kept by the database. */
export interface FileChunksTable {
  id: Generated<number>;
  user_id: string;
  file_id: string;
  ordinal: number;
  char_offset: number;
  page: number | null;
  heading: string | null;
  text: string;
  tokens: number;
  /** float32 vector: BLOB (SQLite), bytea or pgvector `vector` (PostgreSQL); null when not embedded. */
  embedding: Buffer | string | null;
  /** The vector's sign bits (files/rag/vectors.ts signBits), to choose candidates; null with pgvector. */
  embedding_bits: Buffer | null;
}

/** Bookmark metadata; membership is `conversations.tags` (migration 009). */
export interface ConversationTagsTable {
  id: string;
  user_id: string;
  tag: string;
  description: string | null;
  position: number;
  created_at: number;
  updated_at: number;
}

/** One-time email verification, password reset and invite tokens (migration 012). */
export interface AuthTokensTable {
  id: string;
  type: 'verify' | 'reset' | 'invite';
  user_id: string | null;
  /** Invites are addressed to an email before the account exists. */
  email: string | null;
  /** SHA-256 of the token: a database dump cannot be replayed. */
  token_hash: string;
  expires_at: number;
  created_at: number;
}

/** Admin-authored banners (migration 015): message is restricted HTML, rendered by reconstruction. */
export interface BannersTable {
  banner_id: string;
  message: string;
  display_from: number;
  display_to: number | null;
  is_public: number;
  created_at: number;
  updated_at: number;
}

/** Migration 024: an agent; `settings` is the JSON of its builder fields (AgentSettings). */
export interface AgentsTable {
  id: string;
  author_id: string;
  name: string | null;
  description: string | null;
  provider: string;
  model: string;
  settings: string;
  /** JSON {filepath, source} or null. */
  avatar: string | null;
  category: string;
  /** 1: shared with every user. */
  is_public: number;
  is_collaborative: number;
  is_promoted: number;
  version: number;
  created_at: number;
  updated_at: number;
}

/** Migration 024: one saved state of an agent. */
export interface AgentVersionsTable {
  agent_id: string;
  version: number;
  /** JSON AgentCreateBody. */
  snapshot: string;
  updated_by: string | null;
  created_at: number;
}

/** Migration 024: one reply an agent gave, for its author's usage figures. */
export interface AgentRunsTable {
  id: string;
  agent_id: string;
  user_id: string;
  conversation_id: string;
  message_id: string;
  input_tokens: number;
  output_tokens: number;
  credits: number;
  tool_calls: number;
  created_at: number;
}

/** An OpenAPI action of an agent (issue 16); secrets inside `metadata` are sealed. */
export interface ActionsTable {
  id: string;
  agent_id: string;
  user_id: string;
  domain: string;
  /** JSON: StoredActionMetadata (actions/store.ts). */
  metadata: string;
  /** JSON: ActionFunction[]. */
  functions: string;
  created_at: number;
  updated_at: number;
}

/** A user's OAuth tokens for an action, sealed. */
export interface ActionOAuthTokensTable {
  user_id: string;
  action_id: string;
  access_token: string;
  refresh_token: string | null;
  expires_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Migration 027: the outcome of one code block run (doc 2 §3.10), replaced by a new run of it. */
export interface ToolCallsTable {
  user_id: string;
  message_id: string;
  part_index: number;
  block_index: number;
  conversation_id: string;
  tool_id: string;
  result: string;
  /** JSON ToolCallAttachment[]. */
  attachments: string;
  /** JSON CodeRunOutcome, or null. */
  run: string | null;
  created_at: number;
}

/** Migration 028: a prompt group (issue 18; doc 2 §3.3). */
export interface PromptGroupsTable {
  id: string;
  author_id: string;
  name: string;
  oneliner: string;
  category: string;
  /** Normalised slash command; '' when none. */
  command: string;
  production_id: string | null;
  number_of_generations: number;
  /** 1: shared with every user (the instance project). */
  is_public: number;
  created_at: number;
  updated_at: number;
}

/** Migration 028: one version of a group's text (doc 2 §3.4). */
export interface PromptsTable {
  id: string;
  group_id: string;
  author_id: string;
  prompt: string;
  type: string;
  created_at: number;
  updated_at: number;
}

/** Migration 028: a chosen user a group is shared with. */
export interface PromptGroupSharesTable {
  group_id: string;
  user_id: string;
  /** The group's updated_at, category and is_public (kept equal by every write to the group). */
  updated_at: number;
  category: string;
  is_public: number;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  roles: RolesTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  user_keys: UserKeysTable;
  mcp_servers: McpServersTable;
  mcp_oauth: McpOAuthTable;
  balances: BalancesTable;
  transactions: TransactionsTable;
  presets: PresetsTable;
  agents: AgentsTable;
  agent_versions: AgentVersionsTable;
  agent_runs: AgentRunsTable;
  actions: ActionsTable;
  action_oauth_tokens: ActionOAuthTokensTable;
  shared_links: SharedLinksTable;
  files: FilesTable;
  file_texts: FileTextsTable;
  file_chunks: FileChunksTable;
  conversation_tags: ConversationTagsTable;
  auth_tokens: AuthTokensTable;
  banners: BannersTable;
  user_identities: UserIdentitiesTable;
  two_factor: TwoFactorTable;
  backup_codes: BackupCodesTable;
  tool_calls: ToolCallsTable;
  prompt_groups: PromptGroupsTable;
  prompts: PromptsTable;
  prompt_group_shares: PromptGroupSharesTable;
}

/** An external sign-in (LDAP, OpenID, social) bound to a user; issuer is '' where none applies. */
export interface UserIdentitiesTable {
  provider: string;
  issuer: string;
  subject: string;
  user_id: string;
  created_at: number;
}

export type UserRow = Selectable<UsersTable>;
export type ConversationRow = ConversationsTable;
export type MessageRow = MessagesTable;

/** Two-factor secrets (migration 013): sealed with CREDS_KEY; never part of a user row. */
export interface TwoFactorTable {
  user_id: string;
  /** The active TOTP secret (base32, sealed); null until a setup is confirmed. */
  secret: string | null;
  /** The secret of a setup started by enable and not yet confirmed. */
  pending_secret: string | null;
  /** TOTP step of the last accepted code: a code of that step or older is refused (replay). */
  last_used_step: number | null;
  updated_at: number;
}

/** One row per backup code, stored only as a keyed hash; `used_at` set once it is spent. */
export interface BackupCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  /** 1 while it belongs to an unconfirmed setup. */
  pending: number;
  used_at: number | null;
  created_at: number;
}

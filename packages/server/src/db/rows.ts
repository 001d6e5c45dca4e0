import { randomUUID } from 'node:crypto';
import {
  AGENT_ID_PREFIX,
  type AgentCreateBody,
  DEFAULT_TITLE,
  type FileSource,
  type FileStatus,
  type ToolResource,
} from '@parley/schema';
import type { AgentsTable, ConversationRow, FilesTable, MessageRow } from './schema.ts';

/**
 * New conversation, message and file rows with their defaults in one place: production code
 * (chat, copy, import, upload), the benches and the test factories build rows here, so a new
 * column is added once and every writer, tests included, gets its default.
 */

/** JSON column: null when there is nothing to store. */
const json = (value: object | null | undefined) => (value == null ? null : JSON.stringify(value));
/** JSON list column: an empty list is stored as null, as nothing. */
const jsonList = (value: readonly unknown[] | null | undefined) =>
  value?.length ? JSON.stringify(value) : null;

export interface NewConversation {
  userId: string;
  endpoint: string | null;
  model: string | null;
  conversationId?: string;
  title?: string;
  endpointType?: string | null;
  /** Model parameters as the chat ran with them (stored as JSON). */
  parameters?: object | null;
  spec?: string | null;
  isArchived?: boolean;
  /** Bookmark names (doc 1 §2). */
  tags?: readonly string[];
  /** Set for a temporary chat: when the retention job removes it. */
  expiredAt?: number | null;
  /** The agent it runs with (endpoint `agents`). */
  agentId?: string | null;
  createdAt?: number;
  /** Defaults to createdAt. */
  updatedAt?: number;
}

export function newConversationRow(c: NewConversation): ConversationRow {
  const createdAt = c.createdAt ?? Date.now();
  return {
    conversation_id: c.conversationId ?? randomUUID(),
    user_id: c.userId,
    title: c.title ?? DEFAULT_TITLE,
    endpoint: c.endpoint,
    endpoint_type: c.endpointType ?? null,
    model: c.model,
    parameters: json(c.parameters),
    spec: c.spec ?? null,
    agent_id: c.agentId ?? null,
    is_archived: c.isArchived ? 1 : 0,
    tags: JSON.stringify(c.tags ?? []),
    expired_at: c.expiredAt ?? null,
    created_at: createdAt,
    updated_at: c.updatedAt ?? createdAt,
  };
}

export interface NewMessage {
  userId: string;
  conversationId: string;
  /** NO_PARENT for a root. */
  parentMessageId: string;
  sender: string;
  text: string;
  isCreatedByUser: boolean;
  messageId?: string;
  /** Content parts (stored as JSON; an empty list as null). */
  content?: readonly unknown[] | null;
  error?: boolean;
  unfinished?: boolean;
  endpoint?: string | null;
  model?: string | null;
  finishReason?: string | null;
  tokenCount?: number | null;
  clientTimestamp?: string | null;
  /** { contextDropped?: number } */
  metadata?: object | null;
  /** MessageFile[] (stored as JSON; an empty list as null). */
  files?: readonly unknown[] | null;
  createdAt?: number;
  /** Defaults to createdAt. */
  updatedAt?: number;
}

export function newMessageRow(m: NewMessage): MessageRow {
  const createdAt = m.createdAt ?? Date.now();
  return {
    user_id: m.userId,
    message_id: m.messageId ?? randomUUID(),
    conversation_id: m.conversationId,
    parent_message_id: m.parentMessageId,
    sender: m.sender,
    text: m.text,
    content: jsonList(m.content),
    is_created_by_user: m.isCreatedByUser ? 1 : 0,
    error: m.error ? 1 : 0,
    unfinished: m.unfinished ? 1 : 0,
    endpoint: m.endpoint ?? null,
    model: m.model ?? null,
    finish_reason: m.finishReason ?? null,
    token_count: m.tokenCount ?? null,
    client_timestamp: m.clientTimestamp ?? null,
    metadata: json(m.metadata),
    files: jsonList(m.files),
    created_at: createdAt,
    updated_at: m.updatedAt ?? createdAt,
  };
}

export interface NewFile {
  userId: string;
  filename: string;
  /** Where the bytes are: files/storage.ts `storageKey` (kept out of here: db/ does not know storage). */
  storageKey: string;
  /** MIME type from the bytes. */
  type: string;
  bytes: number;
  fileId?: string;
  /** An image's size after normalising. */
  width?: number | null;
  height?: number | null;
  source?: FileSource;
  toolResource?: ToolResource | null;
  /** 'ready' unless processing says otherwise. */
  status?: FileStatus;
  /** Why processing failed (for the files panel and the log). */
  error?: string | null;
  /** The file's chunks are embedded (searchable by vector as well as full text). */
  embedded?: boolean;
  /** Tokens of the extracted text, when text was extracted. */
  tokens?: number | null;
  conversationId?: string | null;
  messageId?: string | null;
  expiresAt?: number | null;
  createdAt?: number;
  /** Defaults to createdAt. */
  updatedAt?: number;
}

export function newFileRow(f: NewFile): FilesTable {
  const createdAt = f.createdAt ?? Date.now();
  return {
    file_id: f.fileId ?? randomUUID(),
    user_id: f.userId,
    filename: f.filename,
    storage_key: f.storageKey,
    type: f.type,
    bytes: f.bytes,
    width: f.width ?? null,
    height: f.height ?? null,
    source: f.source ?? 'local',
    tool_resource: f.toolResource ?? null,
    status: f.status ?? 'ready',
    error: f.error ?? null,
    embedded: f.embedded ? 1 : 0,
    tokens: f.tokens ?? null,
    conversation_id: f.conversationId ?? null,
    message_id: f.messageId ?? null,
    created_at: createdAt,
    updated_at: f.updatedAt ?? createdAt,
    expires_at: f.expiresAt ?? null,
  };
}

export interface NewAgent {
  authorId: string;
  /** The builder's fields; name, description, provider and model become columns. */
  settings: AgentCreateBody;
  id?: string;
  avatar?: { filepath: string; source: string } | null;
  isPublic?: boolean;
  isCollaborative?: boolean;
  isPromoted?: boolean;
  version?: number;
  createdAt?: number;
  updatedAt?: number;
}

/** A new agent row; its id carries LibreChat's `agent_` prefix. */
export function newAgentRow(a: NewAgent): AgentsTable {
  const createdAt = a.createdAt ?? Date.now();
  const { name, description, provider, model, category, ...rest } = a.settings;
  return {
    id: a.id ?? `${AGENT_ID_PREFIX}${randomUUID().replaceAll('-', '').slice(0, 21)}`,
    author_id: a.authorId,
    name: name ?? null,
    description: description ?? null,
    provider,
    model,
    settings: JSON.stringify(rest),
    avatar: json(a.avatar),
    category: category ?? 'general',
    is_public: a.isPublic ? 1 : 0,
    is_collaborative: a.isCollaborative ? 1 : 0,
    is_promoted: a.isPromoted ? 1 : 0,
    version: a.version ?? 1,
    created_at: createdAt,
    updated_at: a.updatedAt ?? createdAt,
  };
}

import type { Agent, Conversation, Message, User } from '@parley/schema';

/**
 * Test data builders shared by the web's unit tests (bulletproof-react's `testing/`): one place
 * that knows every field of a message and a conversation, so a new field is added once.
 */

/** The signed-in user: u1, Ada, a USER with a local account; `over` changes any field. */
export function user(over: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: 'Ada',
    username: 'ada',
    email: 'ada@example.com',
    avatar: null,
    role: 'USER',
    provider: 'local',
    emailVerified: true,
    twoFactorEnabled: false,
    createdAt: 0,
    ...over,
  };
}

/** A conversation as the server presents it: c1, an OpenAI chat; `over` changes any field. */
export function convo(over: Partial<Conversation> = {}): Conversation {
  return {
    conversationId: 'c1',
    title: 'New Chat',
    endpoint: 'openAI',
    model: 'gpt-4o',
    isArchived: false,
    tags: [],
    expiredAt: null,
    createdAt: 1,
    updatedAt: 2,
    ...over,
  };
}

/** `at` sets createdAt and updatedAt together (sibling order follows createdAt). */
export type MessageOptions = Partial<Message> & { at?: number };

/** A user message in c1 under `parent`; `over` changes any field. */
export function msg(id: string, parent: string, { at = 1, ...over }: MessageOptions = {}): Message {
  return {
    messageId: id,
    conversationId: 'c1',
    parentMessageId: parent,
    text: '',
    sender: 'User',
    isCreatedByUser: true,
    error: false,
    unfinished: false,
    endpoint: 'openAI',
    model: 'gpt-4o',
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

/** The model's reply in c1 under `parent`. */
export function reply(id: string, parent: string, over: MessageOptions = {}): Message {
  return msg(id, parent, { sender: 'gpt-4o', isCreatedByUser: false, ...over });
}

/** An SSE body: each frame as `id: n` and `data: <json>`, numbered from `from`. */
export function sse(frames: unknown[], from = 1): string {
  return frames.map((f, i) => `id: ${from + i}\ndata: ${JSON.stringify(f)}\n\n`).join('');
}

/** An agent as the API presents it: agent_1 by u1, private; `over` changes any field. */
export function agent(over: Partial<Agent> = {}): Agent {
  return {
    id: 'agent_1',
    name: 'Helper',
    description: 'Helps',
    instructions: 'Be kind',
    provider: 'openAI',
    model: 'gpt-4o',
    model_parameters: {},
    tools: [],
    agent_ids: [],
    end_after_tools: false,
    hide_sequential_outputs: false,
    recursion_limit: null,
    artifacts: '',
    tool_resources: {},
    conversation_starters: [],
    require_approval: [],
    category: 'general',
    kind: 'agent',
    append_current_datetime: false,
    avatar: null,
    author: 'u1',
    authorName: 'Ada',
    projectIds: [],
    isCollaborative: false,
    is_promoted: false,
    version: 1,
    createdAt: 1,
    updatedAt: 1,
    ...over,
  };
}

import { randomUUID } from 'node:crypto';
import {
  ChatRequest,
  type MessageFile,
  type ModelParameters,
  NEW_CONVO,
  NO_PARENT,
  pickModelParameters,
} from '@parley/schema';
import { createRepos } from '../db/repos/index.ts';
import { newConversationRow, newMessageRow } from '../db/rows.ts';
import type { ConversationRow, MessageRow } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Generation } from '../generation/store.ts';
import { presentConversation } from '../presenters/conversation.ts';
import { presentMessage } from '../presenters/message.ts';
import { type EndpointDef, findEndpoint } from '../providers/catalog.ts';
import { temporaryExpiry } from '../retention/temporary-chats.ts';
import { ephemeralAgent } from './agent/ephemeral.ts';
import { loadRunAgent, type RunAgent } from './agent/load.ts';
import { checkAttachments, messageFiles } from './attachments.ts';
import { loadContinued } from './continue.ts';
import type { ChatDeps } from './deps.ts';
import { runGeneration } from './run.ts';

/** The model parameters of a request, as stored on the conversation. */
export function pickParameters(body: ChatRequest): ModelParameters {
  return pickModelParameters(body) as ModelParameters;
}

/**
 * A chat naming a model spec runs with the spec's preset (its endpoint, model and settings win).
 * With `enforce`, every chat must name a configured spec.
 */
export function applySpec(deps: ChatDeps, body: ChatRequest): ChatRequest {
  const specs = deps.modelSpecs;
  // Without configured specs a spec name means nothing: it is not stored.
  if (!specs) return body.spec ? { ...body, spec: null } : body;
  const spec = body.spec ? specs.list.find((s) => s.name === body.spec) : undefined;
  if (body.spec && !spec) throw new AppError('validation', 'Unknown model spec.', 'spec');
  if (!spec) {
    if (specs.enforce) throw new AppError('validation', 'Choose one of the configured model specs.', 'spec');
    return body;
  }
  const preset = ChatRequest.partial().parse(spec.preset);
  return { ...body, ...preset, spec: spec.name } as ChatRequest;
}

/** The endpoint a request runs on once its model spec applies (an unknown spec: as sent; startChat refuses it). */
export function specEndpoint(deps: ChatDeps, body: ChatRequest): string {
  try {
    return applySpec(deps, body).endpoint;
  } catch {
    return body.endpoint;
  }
}

/** Who the reply is from, as shown above it. */
export function senderLabel(endpoint: EndpointDef, model: string): string {
  if (endpoint.modelDisplayLabel) return endpoint.modelDisplayLabel;
  return model;
}

/** The endpoint name of agent chats (LibreChat's EModelEndpoint.agents). */
export const AGENTS_ENDPOINT = 'agents';

/**
 * An agents chat: the agent named in the request (or the conversation's), which the user must be
 * able to see; its provider, model and parameters replace the request's.
 */
async function agentFor(deps: ChatDeps, userId: string, body: ChatRequest): Promise<RunAgent> {
  let agentId = body.agent_id;
  if (!agentId && body.conversationId && body.conversationId !== NEW_CONVO)
    agentId = (await deps.repos.conversations.get(userId, body.conversationId))?.agent_id;
  if (!agentId) throw new AppError('agent_not_found', 'Choose an agent.', 'agent_id');
  return loadRunAgent(deps, userId, agentId);
}

/**
 * Validate a submission, save the user message (and the conversation's settings) in one transaction,
 * open the generation with its `created` frame, and start the provider call in the background.
 */
export async function startChat(deps: ChatDeps, userId: string, request: ChatRequest): Promise<Generation> {
  let body = applySpec(deps, request);
  const agent = body.endpoint === AGENTS_ENDPOINT ? await agentFor(deps, userId, body) : undefined;
  if (agent) body = { ...body, agent_id: agent.id, model: agent.settings.model };
  const endpoint = agent ? agent.endpoint : findEndpoint(deps.catalog, body.endpoint);
  if (!endpoint) throw new AppError('endpoint_unavailable', undefined, 'endpoint');
  // Fetched model lists change upstream; the provider itself rejects a model it does not know.
  // An agent's model was checked when it was saved, and the provider rejects one it lost.
  if (!agent && !endpoint.fetchModels && !endpoint.models.includes(body.model)) {
    throw new AppError('model_unavailable', undefined, 'model');
  }
  if (!body.isRegenerate && !body.isContinued && !body.text.trim())
    throw new AppError('validation', 'Message text is required.', 'text');

  // The files must be the user's, and images need a model that reads them: refused before saving.
  const files = await attachFiles(deps, userId, body, agent ? AGENTS_ENDPOINT : body.endpoint);

  const isNew = !body.conversationId || body.conversationId === NEW_CONVO;
  const conversationId = isNew ? randomUUID() : body.conversationId!;
  const parameters = agent ? agent.parameters : pickParameters(body);
  const now = Date.now();
  // A plain chat with the composer's Deep Dive (or web search) toggle on, or MCP servers picked,
  // runs as an ephemeral agent. A picked server that is down adds no tools; the chat goes on.
  const mcpServers = agent ? [] : (body.ephemeralAgent?.mcp ?? []);
  const mcpTools =
    mcpServers.length > 0 ? (await deps.mcp.toolDefs(userId, mcpServers)).tools.map((t) => t.name) : [];
  const ephemeral = agent
    ? undefined
    : ephemeralAgent(deps, {
        userId,
        toggles: body.ephemeralAgent,
        endpoint,
        model: body.model,
        parameters,
        mcpTools,
        artifacts: body.artifacts,
      });

  // Claimed before the first await: two sends racing into one conversation cannot both start.
  const release = deps.generations.reserve(userId, conversationId);
  if (!release) throw new AppError('generation_active');
  try {
    return await openGeneration(deps, userId, body, {
      endpoint,
      conversationId,
      isNew,
      parameters,
      now,
      files,
      agent,
      ephemeral,
    });
  } finally {
    release();
  }
}

async function openGeneration(
  deps: ChatDeps,
  userId: string,
  body: ChatRequest,
  opts: {
    endpoint: EndpointDef;
    conversationId: string;
    isNew: boolean;
    parameters: ModelParameters;
    now: number;
    files: MessageFile[];
    agent?: RunAgent;
    /** Runs the reply only; the chat is stored as the plain chat it is. */
    ephemeral?: RunAgent;
  },
): Promise<Generation> {
  const { endpoint, conversationId, isNew, parameters, now, files, agent, ephemeral } = opts;
  // An agents chat is stored under the agents endpoint, with its agent (LibreChat's shape).
  const endpointName = agent ? AGENTS_ENDPOINT : endpoint.name;

  const { conversation, userMessage, continued } = await deps.db.transaction().execute(async (trx) => {
    const repos = createRepos(trx);
    // What this send runs with; an existing conversation follows it (models may switch mid-chat).
    const settings = {
      endpoint: endpointName,
      endpoint_type: !agent && endpoint.family === 'custom' ? 'custom' : null,
      model: body.model,
      // An agent's parameters are its own (a shared agent's settings are not the user's to keep).
      parameters: JSON.stringify(agent ? {} : parameters),
      spec: body.spec ?? null,
      agent_id: agent?.id ?? null,
    };
    let conversation: ConversationRow | undefined;
    if (isNew) {
      conversation = newConversationRow({
        userId,
        conversationId,
        endpoint: settings.endpoint,
        endpointType: settings.endpoint_type,
        model: settings.model,
        parameters: agent ? {} : parameters,
        spec: settings.spec,
        agentId: settings.agent_id,
        // A temporary chat stays out of the list and search, and is removed when it expires.
        expiredAt: body.isTemporary ? temporaryExpiry(now, deps.tempChatRetentionHours) : null,
        createdAt: now,
      });
      await repos.conversations.insert(conversation);
    } else {
      // Rolled back with the rest if the message checks below fail.
      conversation = await repos.conversations.update(userId, conversationId, settings);
      if (!conversation) throw new AppError('conversation_not_found');
    }

    let userMessage: MessageRow | undefined;
    let continued: MessageRow | undefined;
    if (body.isContinued) {
      // Continue appends to an existing reply of this user message (chat/continue.ts).
      ({ userMessage, response: continued } = await loadContinued(repos, userId, conversationId, body));
    } else if (body.isRegenerate) {
      // Regenerate answers an existing user message again: the new reply becomes a sibling.
      userMessage = body.messageId ? await repos.messages.get(userId, body.messageId) : undefined;
      if (
        !userMessage ||
        userMessage.conversation_id !== conversationId ||
        userMessage.is_created_by_user !== 1
      ) {
        throw new AppError('message_not_found', undefined, 'messageId');
      }
    } else {
      if (body.parentMessageId !== NO_PARENT) {
        const parent = await repos.messages.get(userId, body.parentMessageId);
        if (!parent || parent.conversation_id !== conversationId) {
          throw new AppError(
            'message_not_found',
            'The parent message does not exist in this conversation.',
            'parentMessageId',
          );
        }
      }
      const messageId = body.messageId ?? randomUUID();
      if (await repos.messages.get(userId, messageId)) {
        throw new AppError('validation', 'This message id is already used.', 'messageId');
      }
      userMessage = newMessageRow({
        userId,
        messageId,
        conversationId,
        parentMessageId: body.parentMessageId,
        sender: 'User',
        text: body.text,
        isCreatedByUser: true,
        endpoint: endpointName,
        model: body.model,
        clientTimestamp: body.clientTimestamp,
        files,
        createdAt: now,
      });
      await repos.messages.insert(userMessage);
    }
    return { conversation, userMessage, continued };
  });

  const responseMessageId = continued
    ? continued.message_id
    : body.responseMessageId && !(await deps.repos.messages.get(userId, body.responseMessageId))
      ? body.responseMessageId
      : randomUUID();

  const gen = deps.generations.start({
    userId,
    conversationId,
    userMessageId: userMessage.message_id,
    responseMessageId,
  });

  const placeholder = newMessageRow({
    userId,
    conversationId,
    messageId: responseMessageId,
    parentMessageId: userMessage.message_id,
    sender: agent ? agent.name : senderLabel(endpoint, body.model),
    text: '',
    isCreatedByUser: false,
    endpoint: endpointName,
    model: body.model,
    createdAt: now,
  });
  // A continued reply starts from what it already holds.
  const response: MessageRow = continued ? { ...continued, updated_at: now } : placeholder;
  gen.log.append({
    created: true,
    streamId: gen.streamId,
    message: presentMessage(userMessage),
    responseMessage: presentMessage(response),
    conversation: presentConversation(conversation),
  });

  void runGeneration(deps, gen, {
    endpoint,
    model: body.model,
    parameters,
    conversation,
    userMessage,
    placeholder: response,
    continued: continued !== undefined,
    agent: agent ?? ephemeral,
    artifacts: body.artifacts,
  });
  return gen;
}

/** The new message's files as it shows them; a regenerate or continue keeps the message's own. */
async function attachFiles(
  deps: ChatDeps,
  userId: string,
  body: ChatRequest,
  endpoint: string,
): Promise<MessageFile[]> {
  const ids = body.isRegenerate || body.isContinued ? [] : (body.files ?? []).map((f) => f.file_id);
  if (ids.length === 0) return [];
  const rows = await checkAttachments(deps.chatFiles, userId, ids, { endpoint, model: body.model });
  return messageFiles(userId, rows);
}

import type { ContentPart, ToolApprovalBody } from '@parley/schema';
import { AppError } from '../../errors.ts';
import type { Generation } from '../../generation/store.ts';
import { presentConversation } from '../../presenters/conversation.ts';
import { presentMessage } from '../../presenters/message.ts';
import type { ChatDeps } from '../deps.ts';
import { runGeneration } from '../run.ts';
import { loadRunAgent } from './load.ts';
import { APPROVAL_FINISH_REASON } from './run-agent.ts';

/**
 * POST /api/chat/approval: the user's answer to a tool call the reply paused at. The reply, its
 * conversation and the call must be the user's and the call still pending; the answer starts a new
 * generation that continues the SAME reply (as continue does): approved, the tool runs and the loop
 * goes on; denied, the model is told so and goes on. The state lives in the saved message, so this
 * works after a reload or a restart.
 */
export async function startApproval(
  deps: ChatDeps,
  userId: string,
  body: ToolApprovalBody,
): Promise<Generation> {
  const { repos } = deps;
  const conversation = await repos.conversations.get(userId, body.conversationId);
  if (!conversation) throw new AppError('conversation_not_found', undefined, 'conversationId');
  const reply = await repos.messages.get(userId, body.messageId);
  if (!reply || reply.conversation_id !== conversation.conversation_id || reply.is_created_by_user !== 0)
    throw new AppError('message_not_found', undefined, 'messageId');
  const parts = reply.content ? (JSON.parse(reply.content) as ContentPart[]) : [];
  const pending = parts.some(
    (p) => p.type === 'tool_call' && p.tool_call.id === body.toolCallId && p.tool_call.approval === 'pending',
  );
  if (!pending || reply.finish_reason !== APPROVAL_FINISH_REASON)
    throw new AppError('validation', 'This tool call is not waiting for approval.', 'toolCallId');
  const userMessage = await repos.messages.get(userId, reply.parent_message_id);
  if (!userMessage || userMessage.conversation_id !== conversation.conversation_id)
    throw new AppError('message_not_found', undefined, 'messageId');
  if (!conversation.agent_id) throw new AppError('agent_not_found', undefined, 'conversationId');
  const agent = await loadRunAgent(deps, userId, conversation.agent_id);

  const release = deps.generations.reserve(userId, conversation.conversation_id);
  if (!release) throw new AppError('generation_active');
  try {
    const gen = deps.generations.start({
      userId,
      conversationId: conversation.conversation_id,
      userMessageId: userMessage.message_id,
      responseMessageId: reply.message_id,
    });
    const placeholder = { ...reply, updated_at: Date.now() };
    gen.log.append({
      created: true,
      streamId: gen.streamId,
      message: presentMessage(userMessage),
      responseMessage: presentMessage(placeholder),
      conversation: presentConversation(conversation),
    });
    void runGeneration(deps, gen, {
      endpoint: agent.endpoint,
      model: agent.settings.model,
      parameters: agent.parameters,
      conversation,
      userMessage,
      placeholder,
      continued: true,
      agent,
      approval: { toolCallId: body.toolCallId, approved: body.approved },
    });
    return gen;
  } finally {
    release();
  }
}

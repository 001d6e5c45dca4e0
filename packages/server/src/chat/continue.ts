import type { ChatRequest, ContentPart } from '@parley/schema';
import type { Repos } from '../db/repos/index.ts';
import type { MessageRow } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * The messages a "continue" request works on (doc 3 §4: offered on the latest reply whose
 * finish_reason is not 'stop'): the user message (`messageId`) and its reply (`responseMessageId`),
 * which the new output is appended to. Both must be the user's, in this conversation.
 */
export async function loadContinued(
  repos: Repos,
  userId: string,
  conversationId: string,
  body: ChatRequest,
): Promise<{ userMessage: MessageRow; response: MessageRow }> {
  const userMessage = body.messageId ? await repos.messages.get(userId, body.messageId) : undefined;
  if (
    !userMessage ||
    userMessage.conversation_id !== conversationId ||
    userMessage.is_created_by_user !== 1
  ) {
    throw new AppError('message_not_found', undefined, 'messageId');
  }
  const response = body.responseMessageId
    ? await repos.messages.get(userId, body.responseMessageId)
    : undefined;
  if (
    !response ||
    response.conversation_id !== conversationId ||
    response.is_created_by_user !== 0 ||
    response.parent_message_id !== userMessage.message_id
  ) {
    throw new AppError('message_not_found', undefined, 'responseMessageId');
  }
  if (response.error === 1) {
    throw new AppError('validation', 'A failed reply cannot be continued.', 'responseMessageId');
  }
  return { userMessage, response };
}

/** The parts a continued reply starts from: its saved parts, or its text as one part. */
export function continuedParts(response: MessageRow): ContentPart[] {
  if (response.content) return JSON.parse(response.content) as ContentPart[];
  return response.text ? [{ type: 'text', text: response.text }] : [];
}

import type { Conversation, ConvoCopyResponse, ConvoDeleteResponse } from '@parley/schema';
import type { ConversationRow, MessageRow } from '../db/schema.ts';
import { presentMessage } from './message.ts';

export function presentConversation(
  c: Omit<ConversationRow, 'user_id' | 'parameters' | 'agent_id'> & {
    parameters?: string | null;
    agent_id?: string | null;
  },
): Conversation {
  return {
    conversationId: c.conversation_id,
    title: c.title,
    endpoint: c.endpoint,
    endpointType: c.endpoint_type,
    model: c.model,
    spec: c.spec,
    ...(c.agent_id ? { agent_id: c.agent_id } : {}),
    isArchived: c.is_archived === 1,
    tags: JSON.parse(c.tags),
    expiredAt: c.expired_at,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    ...(c.parameters ? { parameters: JSON.parse(c.parameters) } : {}),
  };
}

/** A duplicate or fork (convos/copy.ts): the new conversation with its whole tree. */
export function presentCopy(copy: {
  conversation: ConversationRow;
  messages: MessageRow[];
}): ConvoCopyResponse {
  return {
    conversation: presentConversation(copy.conversation),
    messages: copy.messages.map(presentMessage),
  };
}

/** A deletion (convos/delete.ts) in LibreChat's answer shape. */
export function presentDelete(result: {
  conversationIds: string[];
  messagesDeleted: number;
}): ConvoDeleteResponse {
  return {
    acknowledged: true,
    deletedCount: result.conversationIds.length,
    messages: { deletedCount: result.messagesDeleted },
    conversationIds: result.conversationIds,
  };
}

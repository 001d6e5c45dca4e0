import type { Conversation } from '@parley/schema';
import type { ConversationRow } from '../db/schema.ts';

export function presentConversation(
  c: Omit<ConversationRow, 'user_id' | 'parameters'> & { parameters?: string | null },
): Conversation {
  return {
    conversationId: c.conversation_id,
    title: c.title,
    endpoint: c.endpoint,
    endpointType: c.endpoint_type,
    model: c.model,
    spec: c.spec,
    isArchived: c.is_archived === 1,
    tags: JSON.parse(c.tags),
    expiredAt: c.expired_at,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    ...(c.parameters ? { parameters: JSON.parse(c.parameters) } : {}),
  };
}

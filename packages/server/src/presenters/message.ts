import type { Message } from '@parley/schema';
import type { MessageRow } from '../db/schema.ts';

export function presentMessage(m: MessageRow): Message {
  return {
    messageId: m.message_id,
    conversationId: m.conversation_id,
    parentMessageId: m.parent_message_id,
    text: m.text,
    ...(m.content ? { content: JSON.parse(m.content) } : {}),
    ...(m.files ? { files: JSON.parse(m.files) } : {}),
    sender: m.sender,
    isCreatedByUser: m.is_created_by_user === 1,
    error: m.error === 1,
    unfinished: m.unfinished === 1,
    endpoint: m.endpoint,
    model: m.model,
    finish_reason: m.finish_reason,
    tokenCount: m.token_count,
    clientTimestamp: m.client_timestamp,
    ...contextNote(m.metadata),
    createdAt: m.created_at,
    updatedAt: m.updated_at,
  };
}

function contextNote(metadata: string | null): { contextDropped?: number } {
  if (!metadata) return {};
  const dropped = (JSON.parse(metadata) as { contextDropped?: number }).contextDropped;
  return dropped ? { contextDropped: dropped } : {};
}

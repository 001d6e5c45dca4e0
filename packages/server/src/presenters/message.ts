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
    ...metadataFields(m.metadata),
    createdAt: m.created_at,
    updatedAt: m.updated_at,
  };
}

/** What a reply keeps of its prompt (chat/persist.ts): turns left out, passages it may cite. */
function metadataFields(metadata: string | null): Pick<Message, 'contextDropped' | 'citations'> {
  if (!metadata) return {};
  const { contextDropped, citations } = JSON.parse(metadata) as Pick<Message, 'contextDropped' | 'citations'>;
  return {
    ...(contextDropped ? { contextDropped } : {}),
    ...(citations?.length ? { citations } : {}),
  };
}

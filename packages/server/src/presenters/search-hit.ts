import type { MessageSearchHit } from '@parley/schema';
import type { SearchHitRow } from '../db/read-rows.ts';

export function presentSearchHit(r: SearchHitRow): MessageSearchHit {
  return {
    messageId: r.message_id,
    conversationId: r.conversation_id,
    parentMessageId: r.parent_message_id,
    text: r.text,
    sender: r.sender,
    isCreatedByUser: r.is_created_by_user === 1,
    endpoint: r.endpoint,
    model: r.model,
    // PostgreSQL returns the raw query's bigints as strings.
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    title: r.title,
    isArchived: r.is_archived === 1,
    titleMatch: Number(r.title_match) === 1,
  };
}

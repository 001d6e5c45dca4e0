import type { SharedConversation, SharedLink, SharedMessage } from '@parley/schema';
import type { SharedLinkListRow } from '../db/repos/shared-links.ts';
import type { SharedLinksTable } from '../db/schema.ts';

export function presentSharedLink(row: SharedLinkListRow): SharedLink {
  return {
    shareId: row.share_id,
    conversationId: row.conversation_id,
    title: row.title,
    isPublic: row.is_public === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The public page's payload: the snapshot only; the real conversation id stays private. */
export function presentSharedConversation(row: SharedLinksTable): SharedConversation {
  const messages = JSON.parse(row.messages) as SharedMessage[];
  return {
    shareId: row.share_id,
    conversationId: messages[0]?.conversationId ?? 'convo_shared',
    title: row.title,
    isPublic: row.is_public === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    messages,
  };
}

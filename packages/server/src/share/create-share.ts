import { isUniqueViolation } from '../db/dialects/unique-violation.ts';
import type { Repos } from '../db/repos/index.ts';
import type { SharedLinksTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { buildSnapshot, newShareId } from './snapshot.ts';

/**
 * Share a conversation (doc 2 §2.7): one link per conversation, holding a frozen snapshot of its
 * messages as they are now. Someone else's conversation id looks the same as a missing one.
 */
export async function createShare(
  repos: Pick<Repos, 'conversations' | 'messages' | 'sharedLinks'>,
  userId: string,
  conversationId: string,
  now = Date.now(),
): Promise<SharedLinksTable> {
  const convo = await repos.conversations.get(userId, conversationId);
  if (!convo) throw new AppError('conversation_not_found');
  if (await repos.sharedLinks.getForConversation(userId, conversationId)) throw new AppError('share_exists');
  const messages = await repos.messages.listByConversation(userId, conversationId);
  if (messages.length === 0) throw new AppError('share_no_messages');
  const row: SharedLinksTable = {
    share_id: newShareId(),
    user_id: userId,
    conversation_id: conversationId,
    title: convo.title,
    is_public: 1,
    messages: JSON.stringify(buildSnapshot(messages)),
    message_count: messages.length,
    created_at: now,
    updated_at: now,
  };
  try {
    await repos.sharedLinks.insert(row);
  } catch (err) {
    // Two tabs creating at once: the unique (user, conversation) index keeps one link.
    if (isUniqueViolation(err)) throw new AppError('share_exists');
    throw err;
  }
  return row;
}

import { applyMessageEdit, type ContentPart, type MessageEdit } from '@parley/schema';
import { estimateTokens } from '../chat/context-window.ts';
import type { ChatDeps } from '../chat/deps.ts';
import { createRepos } from '../db/repos/index.ts';
import type { MessageRow } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * Edit a message's text in place (doc 2 §4.11 "Save"): no regeneration. The message must be the
 * user's and belong to the conversation; a reply still being written cannot be edited, since the
 * generation would overwrite the edit when it saves.
 */
export async function editMessage(
  deps: ChatDeps,
  userId: string,
  conversationId: string,
  messageId: string,
  edit: MessageEdit,
): Promise<MessageRow> {
  const active = deps.generations.activeInConversation(userId, conversationId);
  if (active && active.responseMessageId === messageId) throw new AppError('generation_active');
  return deps.db.transaction().execute(async (trx) => {
    const repos = createRepos(trx);
    const row = await repos.messages.get(userId, messageId);
    if (!row || row.conversation_id !== conversationId) throw new AppError('message_not_found');
    const content = row.content ? (JSON.parse(row.content) as ContentPart[]) : null;
    const next = applyMessageEdit({ text: row.text, content }, { text: edit.text, index: edit.index });
    if (!next) throw new AppError('validation', 'No text part at this index.', 'index');
    const updated = await repos.messages.updateText(userId, conversationId, messageId, {
      text: next.text,
      content: next.content ? JSON.stringify(next.content) : null,
      // Recounted (LibreChat does too); a user message's count is filled in by the next send.
      token_count: row.token_count === null ? null : estimateTokens(next.text),
      updated_at: Date.now(),
    });
    return updated!;
  });
}

import { type ArtifactEditBody, applyArtifactEdit, type ContentPart } from '@parley/schema';
import { estimateTokens } from '../chat/context-window.ts';
import type { ChatDeps } from '../chat/deps.ts';
import { createRepos } from '../db/repos/index.ts';
import type { MessageRow } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * Replace one artifact's code inside a stored reply (doc 3 §7 "Edit artifact"; LibreChat's
 * POST /api/messages/artifact/:messageId): the message must be the user's, not still being
 * written, and the artifact's code must still be `original`. Text and content parts change
 * together in one transaction.
 */
export async function editArtifact(
  deps: Pick<ChatDeps, 'db' | 'generations'>,
  userId: string,
  messageId: string,
  edit: ArtifactEditBody,
): Promise<MessageRow> {
  return deps.db.transaction().execute(async (trx) => {
    const repos = createRepos(trx);
    const row = await repos.messages.get(userId, messageId);
    if (!row) throw new AppError('message_not_found');
    const active = deps.generations.activeInConversation(userId, row.conversation_id);
    if (active && active.responseMessageId === messageId) throw new AppError('generation_active');
    const content = row.content ? (JSON.parse(row.content) as ContentPart[]) : null;
    const next = applyArtifactEdit({ text: row.text, content }, edit);
    if (!next) throw new AppError('validation', 'No artifact with this index and code.', 'original');
    const updated = await repos.messages.updateText(userId, row.conversation_id, messageId, {
      text: next.text,
      content: next.content ? JSON.stringify(next.content) : null,
      token_count: row.token_count === null ? null : estimateTokens(next.text),
      updated_at: Date.now(),
    });
    return updated!;
  });
}

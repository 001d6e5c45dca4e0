import { type ArtifactEditResponse, type Message, paths } from '@parley/schema';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { messageKeys } from './messages.ts';

export type ArtifactEdit = { messageId: string; index: number; original: string; updated: string };

/**
 * Save an artifact's edited code into its reply (doc 3 §7 "Edit artifact"); the cached message
 * list takes the saved text and content, so a reload shows the edit.
 */
export async function saveArtifactEdit(qc: QueryClient, edit: ArtifactEdit): Promise<ArtifactEditResponse> {
  const saved = await apiRequest<ArtifactEditResponse>(paths.messageArtifact(edit.messageId), {
    method: 'POST',
    body: edit,
  });
  qc.setQueryData<Message[]>(messageKeys.list(saved.conversationId), (list) =>
    list?.map((m) =>
      m.messageId === edit.messageId
        ? {
            ...m,
            text: saved.text,
            ...(saved.content ? { content: saved.content as Message['content'] } : {}),
          }
        : m,
    ),
  );
  return saved;
}

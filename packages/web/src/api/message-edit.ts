import { type Message, type MessageEdit, paths } from '@parley/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { messageKeys } from './messages.ts';

export type EditMessageVars = { conversationId: string; messageId: string } & Pick<
  MessageEdit,
  'text' | 'index'
>;

/** PUT the new text of a message (saved in place, no regeneration); the cached list follows. */
export function useEditMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, messageId, ...body }: EditMessageVars) =>
      apiRequest<Message>(paths.message(conversationId, messageId), { method: 'PUT', body }),
    onSuccess: (saved) => {
      qc.setQueryData<Message[]>(messageKeys.list(saved.conversationId), (list) =>
        list?.map((m) => (m.messageId === saved.messageId ? saved : m)),
      );
    },
  });
}

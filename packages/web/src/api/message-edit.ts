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
      const key = messageKeys.list(saved.conversationId);
      // A first load still in flight (e.g. right after a new chat's first reply) would land with
      // the old text and overwrite the edit on screen: drop it and load again now the edit is saved.
      if (qc.isFetching({ queryKey: key }) > 0) {
        void qc.cancelQueries({ queryKey: key }).then(() => qc.invalidateQueries({ queryKey: key }));
        return;
      }
      qc.setQueryData<Message[]>(key, (list) =>
        list?.map((m) => (m.messageId === saved.messageId ? saved : m)),
      );
    },
  });
}

import type { Message } from '@parley/schema';
import { toast } from 'sonner';
import { ApiError } from '../../../api/client.ts';
import { useEditMessage } from '../../../api/message-edit.ts';
import { t } from '../../../i18n/t.ts';
import { type TreeStore, upsertMessages } from '../store/message-tree.ts';
import { MessageEditor } from './message-editor.tsx';

/**
 * A message being edited: Save writes the text in place (PUT, no regeneration); Save & Submit
 * (user messages) hands the text to the chat, which sends it as a new sibling.
 */
export function EditingMessage({
  store,
  message,
  initialText,
  onSubmit,
  onClose,
}: {
  store: TreeStore;
  message: Message;
  initialText: string;
  /** Absent for AI messages. Returns false when the send was refused (a reply is generating). */
  onSubmit?: (text: string) => boolean;
  onClose: () => void;
}) {
  const edit = useEditMessage();
  const save = (text: string) =>
    edit.mutate(
      { conversationId: message.conversationId, messageId: message.messageId, text },
      {
        onSuccess: (saved) => {
          upsertMessages(store, [saved]);
          onClose();
        },
        onError: (error) => toast.error(error instanceof ApiError ? error.message : t('com_ui_edit_error')),
      },
    );
  return (
    <MessageEditor
      initialText={initialText}
      canSubmit={onSubmit !== undefined}
      saving={edit.isPending}
      variant={message.isCreatedByUser ? 'user' : 'assistant'}
      onSave={save}
      onSubmit={(text) => {
        if (onSubmit?.(text)) onClose();
      }}
      onCancel={onClose}
    />
  );
}

import type { Message } from '@parley/schema';
import { toast } from 'sonner';
import { errorText } from '../../../api/errors.ts';
import { useEditMessage } from '../../../api/message-edit.ts';
import { type TreeStore, upsertMessages } from '../store/message-tree.ts';
import { MessageEditor } from './message-editor.tsx';

/**
 * A message being edited: Save writes the text in place (PUT, no regeneration). Save & Submit on
 * a user message hands the text to the chat, which sends it as a new sibling; on the latest reply
 * it saves, then continues the reply from the edited text (doc 2 §4.11 "an AI message edit
 * regenerates").
 */
export function EditingMessage({
  store,
  message,
  initialText,
  onSubmit,
  onContinue,
  onClose,
}: {
  store: TreeStore;
  message: Message;
  initialText: string;
  /** Absent for AI messages. Returns false when the send was refused (a reply is generating). */
  onSubmit?: (text: string) => boolean;
  /** AI messages: continue the reply once the edit is saved; absent where not offered. */
  onContinue?: () => void;
  onClose: () => void;
}) {
  const edit = useEditMessage();
  const save = (text: string, then?: () => void) =>
    edit.mutate(
      { conversationId: message.conversationId, messageId: message.messageId, text },
      {
        onSuccess: (saved) => {
          upsertMessages(store, [saved]);
          onClose();
          then?.();
        },
        onError: (error) => toast.error(errorText(error, 'com_ui_edit_error')),
      },
    );
  const submit = message.isCreatedByUser
    ? onSubmit &&
      ((text: string) => {
        if (onSubmit(text)) onClose();
      })
    : onContinue && ((text: string) => save(text, onContinue));
  return (
    <MessageEditor
      initialText={initialText}
      canSubmit={submit !== undefined}
      saving={edit.isPending}
      variant={message.isCreatedByUser ? 'user' : 'assistant'}
      onSave={(text) => save(text)}
      onSubmit={(text) => submit?.(text)}
      onCancel={onClose}
    />
  );
}

import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  useArchiveConvo,
  useDeleteConvos,
  useDuplicateConvo,
  useRenameConvo,
} from '../../api/convo-actions.ts';
import { DeleteConvoConfirm } from '../../components/delete-convo-confirm.tsx';
import { t } from '../../i18n/t.ts';
import type { ConvoRowActions } from './convo-row.tsx';
import { renameOutcome } from './rename.ts';

/**
 * The row actions of the sidebar list, plus the delete confirmation they open. Leaving the
 * current conversation (archive, delete) starts a new chat at /chat/new (doc 1 §4, doc 3 §4).
 */
export function useConvoRowActions({
  currentId,
  onNewChat,
  onNavigate,
  onShare,
}: {
  currentId: string | null;
  onNewChat?: () => void;
  onNavigate?: () => void;
  /** Opens the share dialog (composed by the app shell); without it, rows offer no Share. */
  onShare?: (conversationId: string) => void;
}) {
  const navigate = useNavigate();
  const rename = useRenameConvo();
  const archive = useArchiveConvo();
  const remove = useDeleteConvos();
  const duplicate = useDuplicateConvo();
  const [pendingDelete, setPendingDelete] = useState<{ id: string; title: string } | null>(null);
  const canShare = onShare !== undefined;

  // Callbacks read the latest values through a ref so the rows never re-render for them.
  const latest = useRef({ currentId, onNewChat, onNavigate, onShare });
  latest.current = { currentId, onNewChat, onNavigate, onShare };
  const leaveIfCurrent = useCallback(
    (id: string) => {
      const { currentId: cur, onNewChat: start } = latest.current;
      if (id !== cur) return;
      if (start) start();
      else navigate('/chat/new');
    },
    [navigate],
  );

  const actions = useMemo<ConvoRowActions>(
    () => ({
      rename: (id, previous, input) => {
        const outcome = renameOutcome(previous, input);
        if (!outcome.save) return;
        rename
          .mutateAsync({ conversationId: id, title: outcome.title, previous })
          .catch(() => toast.error(t('com_ui_rename_failed')));
      },
      duplicate: (id) => {
        const toastId = toast.info(t('com_ui_duplication_processing'));
        duplicate
          .mutateAsync(id)
          .then((copy) => {
            navigate(`/chat/${encodeURIComponent(copy.conversation.conversationId)}`);
            latest.current.onNavigate?.();
            toast.success(t('com_ui_duplication_success'), { id: toastId });
          })
          .catch(() => toast.error(t('com_ui_duplication_error'), { id: toastId }));
      },
      archive: (id) => {
        leaveIfCurrent(id);
        archive
          .mutateAsync({ conversationId: id, isArchived: true })
          .catch(() => toast.error(t('com_ui_archive_error')));
      },
      requestDelete: (id, title) => setPendingDelete({ id, title }),
      ...(canShare ? { share: (id: string) => latest.current.onShare?.(id) } : {}),
    }),
    [rename, duplicate, archive, navigate, leaveIfCurrent, canShare],
  );

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const { id } = pendingDelete;
    setPendingDelete(null);
    leaveIfCurrent(id);
    remove.mutateAsync([id]).catch(() => toast.error(t('com_ui_delete_conversation_error')));
  };

  const dialog = (
    <DeleteConvoConfirm
      target={pendingDelete}
      onCancel={() => setPendingDelete(null)}
      onConfirm={confirmDelete}
      testId="delete-convo-dialog"
    />
  );
  return { actions, dialog };
}

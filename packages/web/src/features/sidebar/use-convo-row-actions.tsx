import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useStartupConfig } from '../../api/config.ts';
import {
  useArchiveConvo,
  useDeleteConvos,
  useDuplicateConvo,
  useRenameConvo,
} from '../../api/convo-actions.ts';
import { DeleteConvoConfirm } from '../../components/delete-convo-confirm.tsx';
import { t } from '../../i18n/t.ts';
import { ShareDialog } from '../share/share-dialog.tsx';
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
}: {
  currentId: string | null;
  onNewChat?: () => void;
  onNavigate?: () => void;
}) {
  const navigate = useNavigate();
  const rename = useRenameConvo();
  const archive = useArchiveConvo();
  const remove = useDeleteConvos();
  const duplicate = useDuplicateConvo();
  const [pendingDelete, setPendingDelete] = useState<{ id: string; title: string } | null>(null);
  const [sharing, setSharing] = useState<string | null>(null);
  const sharingEnabled = useStartupConfig().data?.sharedLinksEnabled ?? false;

  // Callbacks read the latest values through a ref so the rows never re-render for them.
  const latest = useRef({ currentId, onNewChat, onNavigate });
  latest.current = { currentId, onNewChat, onNavigate };
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
      ...(sharingEnabled ? { share: (id: string) => setSharing(id) } : {}),
    }),
    [rename, duplicate, archive, navigate, leaveIfCurrent, sharingEnabled],
  );

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const { id } = pendingDelete;
    setPendingDelete(null);
    leaveIfCurrent(id);
    remove.mutateAsync([id]).catch(() => toast.error(t('com_ui_delete_conversation_error')));
  };

  const dialog = (
    <>
      {sharing ? (
        <ShareDialog conversationId={sharing} open onOpenChange={(open) => !open && setSharing(null)} />
      ) : null}
      <DeleteConvoConfirm
        target={pendingDelete}
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
        testId="delete-convo-dialog"
      />
    </>
  );
  return { actions, dialog };
}

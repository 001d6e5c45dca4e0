import { FILES_PANEL_PAGE_SIZE, type FileObject } from '@parley/schema';
import { ArrowLeft, Paperclip, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useDeleteFiles, useFileConfig } from '../../api/files.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import '../../i18n/en-files.ts';
import { t } from '../../i18n/t.ts';
import { attachFromTable } from './attach-from-table.ts';
import { FilesTable } from './components/files-table.tsx';
import { useAttachments } from './store/attachments.ts';

/**
 * /d/files, the file manager (doc 3): the user's files in a table with filter, sorting and pages;
 * rows are selected across pages and deleted together (after a confirmation) or attached to the
 * conversation the user came from, by the files-table rules.
 */
export default function FileManagerPage() {
  const config = useFileConfig();
  const remove = useDeleteFiles();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Map<string, FileObject>>(new Map());
  const [confirm, setConfirm] = useState(false);
  const lastTarget = useAttachments((s) => s.lastTarget);

  const onDelete = () => {
    const files = [...selected.values()].map((f) => ({
      file_id: f.file_id,
      filepath: f.filepath,
      embedded: f.embedded,
      source: f.source,
    }));
    remove.mutate(files, {
      onSuccess: () => {
        setSelected(new Map());
        setConfirm(false);
        toast.success(t('com_files_deleted'));
      },
      onError: () => toast.error(t('com_files_delete_error')),
    });
  };

  const onAttach = () => {
    const attached = attachFromTable([...selected.values()], lastTarget, config.data, { handoff: true });
    if (attached === 0) return;
    setSelected(new Map());
    const id = lastTarget?.conversationId;
    navigate(id ? `/chat/${encodeURIComponent(id)}` : '/chat/new');
  };

  return (
    <div className="flex min-h-dvh flex-col bg-background" data-testid="file-manager">
      <header className="flex items-center gap-3 border-b border-border px-4 py-3">
        <Link
          to={
            lastTarget?.conversationId
              ? `/chat/${encodeURIComponent(lastTarget.conversationId)}`
              : '/chat/new'
          }
          aria-label={t('com_files_back_to_chat')}
          className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-5" />
        </Link>
        <h1 className="text-lg font-semibold">{t('com_files_manager_title')}</h1>
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-3 px-4 py-4">
        <FilesTable
          variant="page"
          pageSize={FILES_PANEL_PAGE_SIZE}
          selection={{ selected, onChange: setSelected }}
          toolbar={
            // A row of their own on a phone: attach takes the width, delete shows its icon alone
            // (its words stay for screen readers), so neither label wraps at 375 px.
            <div className="flex flex-1 gap-2 sm:flex-none">
              <Button
                variant="secondary"
                size="sm"
                className="h-9 flex-1 sm:flex-none"
                disabled={selected.size === 0}
                onClick={onAttach}
                data-testid="files-attach-selected"
              >
                <Paperclip className="size-4" />
                {t('com_files_attach_selected')}
              </Button>
              <Button
                variant="destructive"
                size="sm"
                className="h-9 w-9 px-0 sm:w-auto sm:px-3"
                disabled={selected.size === 0}
                onClick={() => setConfirm(true)}
                data-testid="files-delete-selected"
              >
                <Trash2 className="size-4" />
                <span className="sr-only sm:not-sr-only">{t('com_files_delete_selected')}</span>
              </Button>
            </div>
          }
        />
      </main>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('com_files_delete_title')}
        description={t('com_files_delete_confirm', { 0: selected.size })}
        confirmLabel={t('com_ui_delete')}
        cancelLabel={t('com_ui_cancel')}
        closeLabel={t('com_ui_close')}
        onConfirm={onDelete}
        pending={remove.isPending}
        testId="files-delete-dialog"
      />
    </div>
  );
}

import type { FileObject } from '@parley/schema';
import { FolderOpen, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useDeleteFiles, useFileConfig } from '../../api/files.ts';
import { SidePanel } from '../../components/side-panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import '../../i18n/en-files.ts';
import { t } from '../../i18n/t.ts';
import { attachFromTable } from './attach-from-table.ts';
import { FilesTable } from './components/files-table.tsx';
import type { ComposerTarget } from './store/attachments.ts';

/**
 * The Files panel (doc 3 §2 "Attach files"): the user's files with a filename filter, name and
 * date sorting, 10 rows per page with previous/next, a click on a name attaches the file to this
 * conversation (doc 3 rules), a delete per row, and the button that opens the file manager.
 */
export default function FilesPanel({ target }: { target: ComposerTarget }) {
  const config = useFileConfig();
  const remove = useDeleteFiles();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<FileObject | null>(null);

  const onDelete = (file: FileObject) =>
    remove.mutate(
      [{ file_id: file.file_id, filepath: file.filepath, embedded: file.embedded, source: file.source }],
      {
        onSuccess: () => {
          setConfirm(null);
          toast.success(t('com_files_deleted'));
        },
        onError: () => toast.error(t('com_files_delete_error')),
      },
    );

  return (
    <SidePanel title={t('com_sidepanel_attach_files')}>
      <div className="flex flex-col gap-3" data-testid="files-panel">
        <FilesTable
          variant="panel"
          onOpen={{
            run: (file) => {
              if (attachFromTable([file], target, config.data) > 0) toast.success(t('com_files_attached'));
            },
            label: (file) => t('com_files_attach', { name: file.filename }),
          }}
          rowAction={{
            header: t('com_ui_delete'),
            render: (file) => (
              <IconButton
                label={t('com_files_delete_file', { name: file.filename })}
                tooltip={t('com_ui_delete')}
                size="icon-xs"
                danger
                onClick={() => setConfirm(file)}
                data-testid="files-row-delete"
              >
                <Trash2 className="size-4" />
              </IconButton>
            ),
          }}
        />
        <Button variant="secondary" size="sm" onClick={() => navigate('/d/files')} data-testid="files-manage">
          <FolderOpen className="size-4" />
          {t('com_files_manage')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={t('com_files_delete_title')}
        description={confirm ? t('com_files_delete_one_confirm', { name: confirm.filename }) : ''}
        confirmLabel={t('com_ui_delete')}
        cancelLabel={t('com_ui_cancel')}
        closeLabel={t('com_ui_close')}
        onConfirm={() => confirm && onDelete(confirm)}
        pending={remove.isPending}
        testId="files-delete-dialog"
      />
    </SidePanel>
  );
}

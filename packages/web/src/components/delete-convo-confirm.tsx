import { t } from '../i18n/t.ts';
import { ConfirmDialog } from './ui/confirm-dialog.tsx';

/** What is about to be deleted: one conversation (by its title) or several archived ones. */
export type ConvoDeleteTarget = { title: string } | { count: number };

/**
 * "Delete chat? This will delete <title>." (doc 3 §4, §8), asked before useDeleteConvos
 * (api/convo-actions.ts) runs, by the sidebar row menu and by the archived chats manager.
 */
export function DeleteConvoConfirm({
  target,
  onCancel,
  onConfirm,
  testId,
}: {
  /** Null while closed. */
  target: ConvoDeleteTarget | null;
  onCancel: () => void;
  onConfirm: () => void;
  testId: string;
}) {
  const many = target !== null && 'count' in target;
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={
        many ? t('com_ui_delete_selected_title', { count: target.count }) : t('com_ui_delete_conversation')
      }
      description={
        many ? (
          t('com_ui_delete_selected_confirm')
        ) : (
          <>
            {t('com_ui_delete_confirm')}{' '}
            <strong className="font-semibold text-foreground">
              {target && 'title' in target ? target.title : null}
            </strong>
            .
          </>
        )
      }
      confirmLabel={t('com_ui_delete')}
      cancelLabel={t('com_ui_cancel')}
      closeLabel={t('com_settings_close')}
      onConfirm={onConfirm}
      testId={testId}
    />
  );
}

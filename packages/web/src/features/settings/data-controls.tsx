import { useState } from 'react';
import { toast } from 'sonner';
import { useClearAllConvos } from '../../api/convo-actions.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { t } from '../../i18n/t.ts';
import { ArchivedChatsDialog } from './archived-chats-dialog.tsx';

const rowClass = 'flex items-center justify-between gap-4 py-3';

/** General → Archived chats: Manage (doc 3 §2 Settings tabs). */
export function ArchivedChatsRow({ onNewChat }: { onNewChat?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={rowClass}>
      <span className="text-sm">{t('com_nav_archived_chats')}</span>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="archived-manage">
        {t('com_nav_archived_chats_manage')}
      </Button>
      <ArchivedChatsDialog open={open} onOpenChange={setOpen} onNewChat={onNewChat} />
    </div>
  );
}

/** Data controls → Clear all chats, with a confirmation; afterwards a new chat at /chat/new. */
export function ClearAllChatsRow({ onNewChat }: { onNewChat?: () => void }) {
  const [open, setOpen] = useState(false);
  const clear = useClearAllConvos();
  const confirm = () => {
    setOpen(false);
    clear
      .mutateAsync()
      .then(() => onNewChat?.())
      .catch(() => toast.error(t('com_nav_clear_all_error')));
  };
  return (
    <div className={rowClass}>
      <span className="text-sm">{t('com_nav_clear_all_chats')}</span>
      <Button
        variant="destructive"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={clear.isPending}
        data-testid="clear-all-chats"
      >
        {t('com_nav_clear_all_chats_button')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('com_nav_confirm_clear')}
        description={t('com_nav_clear_conversation_confirm_message')}
        confirmLabel={t('com_nav_clear_all_chats_button')}
        cancelLabel={t('com_ui_cancel')}
        closeLabel={t('com_settings_close')}
        onConfirm={confirm}
        pending={clear.isPending}
        testId="clear-all-dialog"
      />
    </div>
  );
}

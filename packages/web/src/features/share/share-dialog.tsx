import { Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';

// The dialog's content (link actions, QR encoder) loads when it first opens, off /chat/new's
// critical path.
const ShareDialogBody = lazy(() => import('./share-dialog-body.tsx'));

const loading = (
  <div className="flex justify-center py-8">
    <Spinner />
  </div>
);

/**
 * The share dialog (doc 2 §2.7, §4.10): no link → create; a link → copy, refresh, QR code, delete.
 * Controlled, so the chat header and the conversation row menu can both open it.
 */
export function ShareDialog({
  conversationId,
  open,
  onOpenChange,
}: {
  conversationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('com_ui_share_link_to_chat')} closeLabel={t('com_settings_close')}>
        {open ? (
          <Suspense fallback={loading}>
            <ShareDialogBody conversationId={conversationId} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The chat header's share button with its dialog. */
export function ShareButton({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        label={t('com_ui_share')}
        tooltipSide="bottom"
        onClick={() => setOpen(true)}
        data-testid="share-button"
      >
        <Share2 className="size-[18px]" />
      </IconButton>
      <ShareDialog conversationId={conversationId} open={open} onOpenChange={setOpen} />
    </>
  );
}

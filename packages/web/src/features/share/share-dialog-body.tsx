import { useQuery } from '@tanstack/react-query';
import { Copy, Link2, QrCode as QrIcon, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  sharedLinkStatusQuery,
  useCreateSharedLink,
  useDeleteSharedLink,
  useRefreshSharedLink,
} from '../../api/share.ts';
import { QrCode } from '../../components/qr-code.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { t } from '../../i18n/t.ts';
import { copyText } from '../../lib/clipboard.ts';
import { shareUrl } from './share-links.ts';

/** The share dialog's content, loaded when the dialog first opens (the QR encoder with it). */
export default function ShareDialogBody({ conversationId }: { conversationId: string }) {
  const status = useQuery(sharedLinkStatusQuery(conversationId));
  const create = useCreateSharedLink();
  const refresh = useRefreshSharedLink();
  const remove = useDeleteSharedLink();
  const [showQr, setShowQr] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (status.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  }
  if (status.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <p className="text-sm text-muted-foreground">{t('com_ui_share_error')}</p>
        <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
          {t('com_ui_retry')}
        </Button>
      </div>
    );
  }

  const shareId = status.data.shareId;
  if (!shareId) {
    return (
      <div className="flex flex-col gap-4" data-testid="share-dialog-empty">
        <p className="text-sm text-muted-foreground">{t('com_ui_share_create_message')}</p>
        <Button
          variant="primary"
          className="self-end"
          disabled={create.isPending}
          data-testid="share-create"
          onClick={() =>
            create.mutate(conversationId, { onError: () => toast.error(t('com_ui_share_error')) })
          }
        >
          {create.isPending ? (
            <Spinner className="size-4 text-primary-foreground" />
          ) : (
            <Link2 className="size-4" />
          )}
          {t('com_ui_create_link')}
        </Button>
      </div>
    );
  }

  const url = shareUrl(window.location.origin, shareId);
  const copy = () =>
    void copyText(url).then((ok) =>
      ok ? toast.success(t('com_ui_link_copied')) : toast.error(t('com_ui_share_error')),
    );
  const busy = refresh.isPending || remove.isPending;
  return (
    <div className="flex flex-col gap-4" data-testid="share-dialog-link">
      <p className="text-sm text-muted-foreground">{t('com_ui_share_created_message')}</p>
      <div className="flex items-center gap-2 rounded-xl border border-border bg-muted/50 p-1.5 pl-3">
        <input
          readOnly
          value={url}
          aria-label={t('com_ui_share_link_to_chat')}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 truncate bg-transparent text-sm text-foreground outline-none"
          data-testid="share-url"
        />
        <Button variant="primary" size="sm" onClick={copy} data-testid="share-copy">
          <Copy className="size-4" />
          {t('com_ui_copy_link')}
        </Button>
      </div>
      {showQr ? (
        <div className="flex justify-center rounded-xl bg-muted/50 p-4">
          <QrCode value={url} label={t('com_ui_share_qr_code_description')} />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-1">
        <Tooltip content={t('com_ui_share_refresh_hint')}>
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            data-testid="share-refresh"
            onClick={() =>
              refresh.mutate(shareId, {
                onSuccess: () => toast.success(t('com_ui_link_refreshed')),
                onError: () => toast.error(t('com_ui_share_error')),
              })
            }
          >
            {refresh.isPending ? <Spinner className="size-4" /> : <RefreshCw className="size-4" />}
            {t('com_ui_refresh_link')}
          </Button>
        </Tooltip>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={showQr}
          onClick={() => setShowQr((v) => !v)}
          data-testid="share-qr-toggle"
        >
          <QrIcon className="size-4" />
          {showQr ? t('com_ui_hide_qr') : t('com_ui_show_qr')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          className="ml-auto text-red-600 hover:bg-red-500/10 hover:text-red-700 dark:text-red-400"
          onClick={() => setConfirming(true)}
          data-testid="share-delete"
        >
          <Trash2 className="size-4" />
          {t('com_ui_delete_link')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('com_ui_delete_shared_link')}
        description={t('com_ui_delete_shared_link_confirm')}
        confirmLabel={t('com_ui_delete')}
        cancelLabel={t('com_ui_cancel')}
        closeLabel={t('com_settings_close')}
        confirmTestId="confirm-delete"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { shareId, conversationId },
            {
              onSuccess: () => {
                setConfirming(false);
                setShowQr(false);
                toast.success(t('com_ui_shared_link_delete_success'));
              },
              onError: () => toast.error(t('com_ui_share_delete_error')),
            },
          )
        }
      />
    </div>
  );
}

import { emailMatches } from '@parley/schema';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { deleteAccount } from '../../api/account.ts';
import { useStartupConfig } from '../../api/config.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';
import { useSession } from '../../store/session.ts';
import { clearLocalState } from './clear-local.ts';

/**
 * Account → Delete account (doc 3 §4, §5): the delete button stays locked until the typed email
 * matches the account's (case-insensitive); afterwards local state is cleared and the user is
 * signed out. Hidden when the server does not allow deletion (ALLOW_ACCOUNT_DELETION=false).
 */
export function DeleteAccountRow() {
  const allowed = useStartupConfig().data?.allowAccountDeletion ?? false;
  const email = useSession((s) => s.user?.email ?? '');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  if (!allowed) return null;
  const unlocked = emailMatches(typed, email);

  const confirm = () => {
    if (!unlocked) return;
    setPending(true);
    deleteAccount()
      .then(() => {
        clearLocalState();
        // Signing out resets caches and chat state (SessionLifecycle); then the login page.
        useSession.getState().signedOut();
        navigate('/login', { replace: true });
      })
      .catch(() => {
        setPending(false);
        toast.error(t('com_nav_delete_account_error'));
      });
  };

  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <span className="text-sm">{t('com_nav_delete_account')}</span>
      <Button variant="destructive" size="sm" onClick={() => setOpen(true)} data-testid="delete-account">
        {t('com_nav_delete')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (pending) return;
          setOpen(next);
          if (!next) setTyped('');
        }}
      >
        <DialogContent
          title={t('com_nav_delete_account_confirm')}
          closeLabel={t('com_settings_close')}
          className="max-w-md"
        >
          <form
            className="flex flex-col gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              confirm();
            }}
          >
            <p className="text-sm text-muted-foreground">{t('com_nav_delete_warning')}</p>
            <label className="flex flex-col gap-1.5 text-sm">
              <span>{t('com_nav_delete_account_email_placeholder')}</span>
              <input
                type="email"
                autoComplete="off"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                placeholder={email}
                className="h-10 rounded-xl border border-border bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                data-testid="delete-account-email"
              />
            </label>
            <div className="mt-2 flex justify-end gap-2">
              <Button variant="outline" size="sm" onClick={() => setOpen(false)} disabled={pending}>
                {t('com_ui_cancel')}
              </Button>
              <Button
                type="submit"
                variant="destructive"
                size="sm"
                disabled={!unlocked || pending}
                data-testid="delete-account-confirm"
              >
                {pending ? <Spinner className="size-4 text-white" /> : null}
                {t('com_nav_delete_account_button')}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}

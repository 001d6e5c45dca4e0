import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../api/client.ts';
import {
  codeBody,
  disableTwoFactor,
  regenerateBackupCodes,
  twoFactorChanged,
  verifyTwoFactor,
} from '../../api/two-factor.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';
import { BackupCodesPanel, CodeInput } from './backup-codes-panel.tsx';

const invalidCode = (err: unknown) => err instanceof ApiError && err.code === 'two_fa_invalid_code';

/** A form asking for an app code or a backup code; shorter input leaves the button off (doc 3 §5). */
function CodeForm({
  busy,
  submitLabel,
  destructive,
  onSubmit,
}: {
  busy: boolean;
  submitLabel: string;
  destructive?: boolean;
  onSubmit: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const body = codeBody(code);
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (body && !busy) onSubmit(code);
      }}
    >
      <p className="text-sm text-muted-foreground">{t('com_ui_2fa_code_or_backup_prompt')}</p>
      <CodeInput
        value={code}
        onChange={setCode}
        allowBackup
        label={t('com_ui_2fa_code_or_backup')}
        testId="2fa-code-input"
      />
      <div className="flex justify-end">
        <Button
          type="submit"
          variant={destructive ? 'destructive' : 'primary'}
          disabled={busy || !body}
          data-testid="2fa-code-submit"
        >
          {busy ? <Spinner className="size-4 text-current" /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Disable: verify the code, then disable with it (doc 3 §4), then back to the setup state. */
export function TwoFactorDisableDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [busy, setBusy] = useState(false);
  const submit = async (input: string) => {
    const body = codeBody(input);
    if (!body) return;
    setBusy(true);
    try {
      await verifyTwoFactor(body);
    } catch (err) {
      toast.error(t(invalidCode(err) ? 'com_ui_2fa_invalid' : 'com_ui_2fa_disable_error'));
      setBusy(false);
      return;
    }
    try {
      await disableTwoFactor(body);
      twoFactorChanged(false);
      toast.success(t('com_ui_2fa_disabled'));
      onOpenChange(false);
    } catch {
      toast.error(t('com_ui_2fa_disable_error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('com_ui_2fa_disable_title')} closeLabel={t('com_ui_close')}>
        <div data-testid="2fa-disable-dialog">
          {open ? (
            <CodeForm busy={busy} submitLabel={t('com_ui_2fa_disable')} destructive onSubmit={submit} />
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Regenerate backup codes with a code; the new codes are shown once with copy and download. */
export function RegenerateBackupCodesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCodes(null);
  };
  const submit = async (input: string) => {
    const body = codeBody(input);
    if (!body) return;
    setBusy(true);
    try {
      setCodes((await regenerateBackupCodes(body)).backupCodes);
      toast.success(t('com_ui_backup_codes_regenerated'));
    } catch (err) {
      toast.error(t(invalidCode(err) ? 'com_ui_2fa_invalid' : 'com_ui_backup_codes_regenerate_error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent title={t('com_ui_backup_codes_regenerate_title')} closeLabel={t('com_ui_close')}>
        <div data-testid="2fa-regenerate-dialog">
          {codes ? (
            <div className="space-y-4">
              <BackupCodesPanel codes={codes} />
              <div className="flex justify-end">
                <Button variant="primary" onClick={() => change(false)} data-testid="2fa-regenerate-done">
                  {t('com_ui_done')}
                </Button>
              </div>
            </div>
          ) : open ? (
            <CodeForm busy={busy} submitLabel={t('com_ui_regenerate')} onSubmit={submit} />
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

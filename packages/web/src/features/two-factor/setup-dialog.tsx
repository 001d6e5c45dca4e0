import { TWO_FA_CODE_LENGTH, TWO_FA_QR_SIZE, type TwoFactorEnableResult } from '@parley/schema';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  confirmTwoFactor,
  enableTwoFactor,
  twoFactorChanged,
  verifyTwoFactor,
} from '../../api/two-factor.ts';
import { QrCode } from '../../components/qr-code.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { TranslationKey } from '../../i18n/t.ts';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import { BackupCodesPanel, CodeInput, useShortCopy } from './backup-codes-panel.tsx';

type Step = 'setup' | 'qr' | 'verify' | 'backup';
const STEPS: { id: Step; label: TranslationKey }[] = [
  { id: 'setup', label: 'com_ui_2fa_step_setup' },
  { id: 'qr', label: 'com_ui_2fa_step_qr' },
  { id: 'verify', label: 'com_ui_2fa_step_verify' },
  { id: 'backup', label: 'com_ui_2fa_step_backup' },
];

function Steps({ current }: { current: Step }) {
  const index = STEPS.findIndex((s) => s.id === current);
  return (
    <ol className="mb-5 flex gap-2" data-testid="2fa-steps">
      {STEPS.map((s, i) => (
        <li
          key={s.id}
          aria-current={i === index ? 'step' : undefined}
          className={cn(
            'flex-1 border-t-2 pt-1.5 text-xs font-medium',
            i <= index ? 'border-foreground text-foreground' : 'border-border text-muted-foreground',
          )}
        >
          {t(s.label)}
        </li>
      ))}
    </ol>
  );
}

/**
 * Setup → Scan QR → Verify → Backup codes (doc 3 §4). Generate calls enable; Verify checks the code
 * and confirms (two-factor is on from then); Finish needs backup-codes.txt downloaded first.
 */
export function TwoFactorSetupDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [step, setStep] = useState<Step>('setup');
  const [setup, setSetup] = useState<TwoFactorEnableResult | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const secretCopy = useShortCopy();
  const secret = setup ? (new URL(setup.otpauthUrl).searchParams.get('secret') ?? '') : '';

  const reset = () => {
    setStep('setup');
    setSetup(null);
    setCode('');
    setBusy(false);
    setDownloaded(false);
  };
  const close = (next: boolean) => {
    onOpenChange(next);
    // Closed after the code was confirmed: two-factor is on even if Finish was not pressed.
    if (!next) {
      if (step === 'backup') twoFactorChanged(true);
      reset();
    }
  };

  const generate = async () => {
    setBusy(true);
    try {
      setSetup(await enableTwoFactor());
      setStep('qr');
    } catch {
      toast.error(t('com_ui_2fa_generate_error'));
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    if (code.length !== TWO_FA_CODE_LENGTH || busy) return;
    setBusy(true);
    try {
      await verifyTwoFactor({ token: code });
      await confirmTwoFactor(code);
      toast.success(t('com_ui_2fa_verified'));
      setStep('backup');
    } catch {
      toast.error(t('com_ui_2fa_invalid'));
    } finally {
      setBusy(false);
    }
  };

  const finish = () => {
    twoFactorChanged(true);
    toast.success(t('com_ui_2fa_enabled'));
    onOpenChange(false);
    reset();
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={t('com_ui_2fa_setup_title')} closeLabel={t('com_ui_close')}>
        <div data-testid="2fa-setup-dialog">
          <Steps current={step} />
          {step === 'setup' ? (
            <div className="space-y-4">
              <p className="text-sm text-muted-foreground">{t('com_ui_2fa_setup_intro')}</p>
              <Button variant="primary" onClick={generate} disabled={busy} data-testid="2fa-generate">
                {busy ? <Spinner className="size-4 text-current" /> : null}
                {t('com_ui_2fa_generate')}
              </Button>
            </div>
          ) : null}
          {step === 'qr' && setup ? (
            <div className="space-y-4">
              <p className="text-sm text-muted-foreground">{t('com_ui_2fa_scan')}</p>
              <div className="flex justify-center" data-testid="2fa-qr">
                <QrCode value={setup.otpauthUrl} label={t('com_ui_2fa_qr_label')} size={TWO_FA_QR_SIZE} />
              </div>
              <div>
                <p className="mb-1.5 text-sm">{t('com_ui_2fa_manual')}</p>
                <div className="flex items-center gap-2">
                  <code
                    className="min-w-0 flex-1 break-all rounded-lg bg-muted px-3 py-2 font-mono text-sm"
                    data-testid="2fa-secret"
                  >
                    {secret}
                  </code>
                  <Button
                    variant="outline"
                    size="icon"
                    onClick={() => secretCopy.copy(secret)}
                    aria-label={t(secretCopy.copied ? 'com_ui_copied' : 'com_ui_copy')}
                  >
                    {secretCopy.copied ? <Check className="size-4" /> : <Copy className="size-4" />}
                  </Button>
                </div>
              </div>
              <div className="flex justify-end">
                <Button variant="primary" onClick={() => setStep('verify')} data-testid="2fa-next">
                  {t('com_ui_next')}
                </Button>
              </div>
            </div>
          ) : null}
          {step === 'verify' ? (
            <form
              className="space-y-4"
              onSubmit={(e) => {
                e.preventDefault();
                void verify();
              }}
            >
              <CodeInput
                value={code}
                onChange={setCode}
                label={t('com_ui_2fa_verify_prompt')}
                testId="2fa-verify-code"
              />
              <div className="flex justify-between gap-2">
                <Button variant="ghost" onClick={() => setStep('qr')}>
                  {t('com_ui_back')}
                </Button>
                <Button
                  type="submit"
                  variant="primary"
                  disabled={busy || code.length !== TWO_FA_CODE_LENGTH}
                  data-testid="2fa-verify"
                >
                  {busy ? <Spinner className="size-4 text-current" /> : null}
                  {t('com_ui_2fa_verify')}
                </Button>
              </div>
            </form>
          ) : null}
          {step === 'backup' && setup ? (
            <div className="space-y-4">
              <BackupCodesPanel codes={setup.backupCodes} onDownloaded={() => setDownloaded(true)} />
              {downloaded ? null : (
                <p className="text-xs text-muted-foreground">{t('com_ui_2fa_download_first')}</p>
              )}
              <div className="flex justify-end">
                <Button variant="primary" onClick={finish} disabled={!downloaded} data-testid="2fa-finish">
                  {t('com_ui_2fa_finish')}
                </Button>
              </div>
            </div>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

import {
  BACKUP_CODE_LENGTH,
  BACKUP_CODES_FILENAME,
  TWO_FA_CODE_LENGTH,
  TWO_FA_COPY_FEEDBACK_MS,
} from '@parley/schema';
import { Check, Copy, Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { t } from '../../i18n/t.ts';
import { copyText } from '../../lib/clipboard.ts';

/** Save the codes as backup-codes.txt (doc 3 §9), one per line. */
export function downloadBackupCodes(codes: string[]) {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = BACKUP_CODES_FILENAME;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Copy with the two-factor dialogs' 2 s "Copied" state (doc 3 §9). */
export function useShortCopy(): { copied: boolean; copy: (text: string) => void } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    copied,
    copy: (text) =>
      void copyText(text).then((ok) => {
        if (!ok) return;
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), TWO_FA_COPY_FEEDBACK_MS);
      }),
  };
}

/** The plain backup codes, shown once, with copy and download. */
export function BackupCodesPanel({ codes, onDownloaded }: { codes: string[]; onDownloaded?: () => void }) {
  const { copied, copy } = useShortCopy();
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">{t('com_ui_2fa_backup_intro')}</p>
      <ul
        className="grid grid-cols-2 gap-2 rounded-xl border border-border bg-muted/40 p-3 font-mono text-sm"
        data-testid="2fa-backup-codes"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider" data-testid="2fa-backup-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => copy(codes.join('\n'))}>
          {copied ? <Check className="size-4" /> : <Copy className="size-4" />}
          {t(copied ? 'com_ui_copied' : 'com_ui_copy')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            downloadBackupCodes(codes);
            onDownloaded?.();
          }}
          data-testid="2fa-download"
        >
          <Download className="size-4" />
          {t('com_ui_2fa_download')}
        </Button>
      </div>
    </div>
  );
}

/** A code field: 6 digits, or (when `allowBackup`) also an 8-character backup code. */
export function CodeInput({
  value,
  onChange,
  allowBackup = false,
  label,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  allowBackup?: boolean;
  label: string;
  testId: string;
}) {
  return (
    <label className="block">
      <span className="mb-1.5 block text-sm font-medium">{label}</span>
      <input
        value={value}
        onChange={(e) =>
          onChange(
            allowBackup
              ? e.target.value.replace(/[^0-9a-zA-Z]/g, '').slice(0, BACKUP_CODE_LENGTH)
              : e.target.value.replace(/\D/g, '').slice(0, TWO_FA_CODE_LENGTH),
          )
        }
        inputMode={allowBackup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={allowBackup ? BACKUP_CODE_LENGTH : TWO_FA_CODE_LENGTH}
        className="h-11 w-full rounded-xl border border-input bg-background px-4 text-center font-mono text-base tracking-[0.3em] outline-none focus:border-ring focus:ring-2 focus:ring-ring/25"
        data-testid={testId}
      />
    </label>
  );
}

import { KeyRound } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { t } from '../../i18n/t.ts';

/** Shown in place of the composer while the chosen endpoint needs the user's key (doc 3 §4). */
export function KeyNeeded({ endpointLabel, onSetKey }: { endpointLabel: string; onSetKey: () => void }) {
  return (
    <div
      role="status"
      data-testid="key-needed"
      className="flex items-center gap-3 rounded-[26px] border border-dashed border-border bg-muted/50 px-5 py-4 text-left"
    >
      <KeyRound className="size-5 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{t('com_key_needed_title')}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          {t('com_key_needed', { endpoint: endpointLabel })}
        </p>
      </div>
      <Button variant="primary" size="sm" data-testid="key-needed-set" onClick={onSetKey}>
        {t('com_key_set')}
      </Button>
    </div>
  );
}

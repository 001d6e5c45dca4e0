import { useState } from 'react';
import { useBalance } from '../../../api/balance.ts';
import { useStartupConfig } from '../../../api/config.ts';
import { t } from '../../../i18n/t.ts';

/** Under an "insufficient balance" error (doc 2 §8.3): a button that shows the current balance. */
export function ViewBalance() {
  const enabled = useStartupConfig().data?.balance.enabled ?? false;
  const [shown, setShown] = useState(false);
  const balance = useBalance(enabled && shown);
  if (!enabled) return null;
  if (!shown)
    return (
      <button
        type="button"
        onClick={() => setShown(true)}
        data-testid="view-balance"
        className="mt-2 rounded-lg border border-current/30 px-2.5 py-1 text-xs font-medium hover:bg-red-500/10"
      >
        {t('com_ui_view_balance')}
      </button>
    );
  const credits = balance.data?.tokenCredits;
  return (
    <p className="mt-2 text-xs font-medium" data-testid="balance-shown">
      {credits === undefined ? '…' : t('com_nav_balance', { balance: Math.round(credits).toLocaleString() })}
    </p>
  );
}

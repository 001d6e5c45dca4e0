import { FORK_OPTIONS, type ForkOption } from '@parley/schema';
import { useId } from 'react';
import { Switch } from '../../components/ui/switch.tsx';
import type { TranslationKey } from '../../i18n/t.ts';
import { t } from '../../i18n/t.ts';
import { usePreferences } from '../../store/preferences.ts';

const LABELS: Record<ForkOption, TranslationKey> = {
  directPath: 'com_ui_fork_visible',
  includeBranches: 'com_ui_fork_branches',
  targetLevel: 'com_ui_fork_all_target',
};

const row = 'flex items-center justify-between gap-4 py-3';

/** Chat → fork settings (doc 3 §2): forkSetting, splitAtTarget, rememberDefaultFork. */
export function ForkSettingsRows() {
  const prefs = usePreferences();
  const set = prefs.setPreference;
  const optionId = useId();
  const splitId = useId();
  const rememberId = useId();
  return (
    <>
      <div className={row}>
        <label htmlFor={optionId} className="text-sm">
          {t('com_settings_fork_default')}
        </label>
        <select
          id={optionId}
          value={prefs.forkSetting}
          onChange={(e) => set('forkSetting', e.target.value as ForkOption)}
          className="h-8 max-w-[55%] rounded-lg border border-border bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="setting-fork-option"
        >
          {FORK_OPTIONS.map((o) => (
            <option key={o} value={o}>
              {t(LABELS[o])}
            </option>
          ))}
        </select>
      </div>
      <div className={row}>
        <label htmlFor={splitId} className="text-sm">
          {t('com_settings_fork_split')}
        </label>
        <Switch id={splitId} checked={prefs.splitAtTarget} onCheckedChange={(v) => set('splitAtTarget', v)} />
      </div>
      <div className={row}>
        <label htmlFor={rememberId} className="text-sm">
          {t('com_settings_fork_remember')}
        </label>
        <Switch
          id={rememberId}
          checked={prefs.rememberDefaultFork}
          onCheckedChange={(v) => set('rememberDefaultFork', v)}
        />
      </div>
    </>
  );
}

import type { ReactNode } from 'react';
import { SwitchRow } from '../../components/ui/settings-row.tsx';
import { t } from '../../i18n/t.ts';

/**
 * Settings → Account (doc 3 §2): username display, then the rows the app composes in (profile
 * picture, two-factor, delete account: app/settings.tsx).
 */
export function AccountTab({ children }: { children?: ReactNode }) {
  return (
    <>
      <SwitchRow
        name="UsernameDisplay"
        label={t('com_nav_user_name_display')}
        hint={t('com_nav_user_name_display_hint')}
        testId="setting-username-display"
      />
      {children}
    </>
  );
}

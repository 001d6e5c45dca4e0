import { SwitchRow } from '../../components/ui/settings-row.tsx';
import { t } from '../../i18n/t.ts';
import { AvatarSetting } from '../account/avatar-setting.tsx';
import { DeleteAccountRow } from '../account/delete-account.tsx';
import { TwoFactorSettingsRow } from '../two-factor/two-factor-settings.tsx';

/** Settings → Account (doc 3 §2): username display, profile picture, two-factor, delete account. */
export function AccountTab() {
  return (
    <>
      <SwitchRow
        name="UsernameDisplay"
        label={t('com_nav_user_name_display')}
        hint={t('com_nav_user_name_display_hint')}
        testId="setting-username-display"
      />
      <AvatarSetting />
      <TwoFactorSettingsRow />
      <DeleteAccountRow />
    </>
  );
}

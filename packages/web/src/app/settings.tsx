import type { ComponentProps } from 'react';
import { AvatarSetting } from '../features/account/avatar-setting.tsx';
import { DeleteAccountRow } from '../features/account/delete-account.tsx';
import { SettingsDialog } from '../features/settings/settings-dialog.tsx';
import { SharedLinksSetting } from '../features/share/shared-links-setting.tsx';
import { TwoFactorSettingsRow } from '../features/two-factor/two-factor-settings.tsx';

/**
 * The settings dialog with the rows other features own (doc 3 §2 Settings tabs). Composed here so
 * settings imports no other feature; the shell loads this module lazily, like the dialog before.
 */
export function Settings(props: Omit<ComponentProps<typeof SettingsDialog>, 'dataRows' | 'accountRows'>) {
  return (
    <SettingsDialog
      {...props}
      dataRows={<SharedLinksSetting />}
      accountRows={
        <>
          <AvatarSetting />
          <TwoFactorSettingsRow />
          <DeleteAccountRow />
        </>
      }
    />
  );
}

import { TwoFactorSettingsRow } from '../two-factor/two-factor-settings.tsx';

/** Settings → Account (doc 3 §2). */
export function AccountTab() {
  return <TwoFactorSettingsRow />;
}

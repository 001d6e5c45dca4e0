import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { userQuery } from '../../api/auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { Row } from '../../components/ui/settings-row.tsx';
import { t } from '../../i18n/t.ts';
import { useSession } from '../../store/session.ts';
import { RegenerateBackupCodesDialog, TwoFactorDisableDialog } from './code-dialogs.tsx';
import { TwoFactorSetupDialog } from './setup-dialog.tsx';

/**
 * Settings → Account: two-factor (local accounts only) and, while it is on, backup codes
 * (doc 3 §2, §6).
 */
export function TwoFactorSettingsRow() {
  const sessionUser = useSession((s) => s.user);
  const query = useQuery(userQuery());
  const user = query.data ?? sessionUser;
  const [dialog, setDialog] = useState<'setup' | 'disable' | 'regenerate' | null>(null);
  const onChange = (which: typeof dialog) => (open: boolean) => setDialog(open ? which : null);
  if (user?.provider !== 'local') return null;
  const enabled = user.twoFactorEnabled;
  return (
    <>
      <Row label={t('com_ui_2fa')} hint={t(enabled ? 'com_ui_2fa_hint_on' : 'com_ui_2fa_hint_off')}>
        {(id) => (
          <Button
            id={id}
            variant={enabled ? 'outline' : 'secondary'}
            size="sm"
            onClick={() => setDialog(enabled ? 'disable' : 'setup')}
            data-testid={enabled ? '2fa-disable-open' : '2fa-enable-open'}
          >
            {t(enabled ? 'com_ui_2fa_disable' : 'com_ui_2fa_enable')}
          </Button>
        )}
      </Row>
      {enabled ? (
        <Row label={t('com_ui_backup_codes')} hint={t('com_ui_backup_codes_hint')}>
          {(id) => (
            <Button
              id={id}
              variant="outline"
              size="sm"
              onClick={() => setDialog('regenerate')}
              data-testid="2fa-regenerate-open"
            >
              {t('com_ui_regenerate')}
            </Button>
          )}
        </Row>
      ) : null}
      <TwoFactorSetupDialog open={dialog === 'setup'} onOpenChange={onChange('setup')} />
      <TwoFactorDisableDialog open={dialog === 'disable'} onOpenChange={onChange('disable')} />
      <RegenerateBackupCodesDialog open={dialog === 'regenerate'} onOpenChange={onChange('regenerate')} />
    </>
  );
}

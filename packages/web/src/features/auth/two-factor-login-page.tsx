import { BACKUP_CODE_LENGTH, TWO_FA_CODE_LENGTH, TWO_FA_SSO_PARAM } from '@parley/schema';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { errorText } from '../../api/errors.ts';
import { verifyTwoFactorTemp } from '../../api/two-factor.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { t } from '../../i18n/t.ts';
import { AuthAlert, AuthSwitchLink } from './auth-alert.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { SubmitButton } from './submit-button.tsx';
import '../../i18n/en-auth.ts';

type Mode = 'code' | 'backup';

/** What the field keeps of the typing: digits for an app code, letters and digits for a backup code. */
const clean = (mode: Mode, value: string) =>
  mode === 'code'
    ? value.replace(/\D/g, '').slice(0, TWO_FA_CODE_LENGTH)
    : value.replace(/[^0-9a-zA-Z]/g, '').slice(0, BACKUP_CODE_LENGTH);

/**
 * /login/2fa?tempToken (doc 2 §4.5, §5.5, §8.1): the second login step. After a single sign-on the
 * address says ?sso=1 instead: the tempToken waits in an httpOnly cookie the server reads.
 */
export default function TwoFactorLoginPage() {
  const [params] = useSearchParams();
  const tempToken = params.get('tempToken') ?? '';
  const viaCookie = params.get(TWO_FA_SSO_PARAM) === '1';
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('code');
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  const complete = value.length === (mode === 'code' ? TWO_FA_CODE_LENGTH : BACKUP_CODE_LENGTH);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || pending) return;
    setPending(true);
    try {
      const code = mode === 'code' ? { token: value } : { backupCode: value };
      const body = tempToken ? { tempToken, ...code } : code;
      const result = await verifyTwoFactorTemp(body);
      if (result.token) navigate('/', { replace: true });
    } catch (err) {
      toast.error(errorText(err, 'com_auth_2fa_error'));
      setPending(false);
    }
  };

  const switchMode = () => {
    setMode((m) => (m === 'code' ? 'backup' : 'code'));
    setValue('');
  };

  return (
    <AuthLayout header={t('com_auth_2fa_title')}>
      {tempToken || viaCookie ? (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('com_auth_2fa_title')}>
          <p className="text-center text-sm text-muted-foreground">
            {t(mode === 'code' ? 'com_auth_2fa_code_prompt' : 'com_auth_2fa_backup_prompt')}
          </p>
          <TextField
            key={mode}
            label={t(mode === 'code' ? 'com_auth_2fa_code_label' : 'com_auth_2fa_backup_label')}
            name={mode === 'code' ? 'token' : 'backupCode'}
            autoComplete="one-time-code"
            inputMode={mode === 'code' ? 'numeric' : 'text'}
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            maxLength={mode === 'code' ? TWO_FA_CODE_LENGTH : BACKUP_CODE_LENGTH}
            className="[&_input]:text-center [&_input]:font-mono [&_input]:tracking-[0.3em]"
            value={value}
            onValueChange={(v) => setValue(clean(mode, v))}
          />
          <SubmitButton pending={pending} disabled={!complete} testId="2fa-submit">
            {t(pending ? 'com_auth_2fa_verifying' : 'com_auth_2fa_verify')}
          </SubmitButton>
          <button
            type="button"
            onClick={switchMode}
            className="block w-full text-center text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            data-testid="2fa-toggle"
          >
            {t(mode === 'code' ? 'com_auth_2fa_use_backup' : 'com_auth_2fa_use_code')}
          </button>
        </form>
      ) : (
        <AuthAlert>{t('com_auth_2fa_expired')}</AuthAlert>
      )}
      <AuthSwitchLink to="/login" label={t('com_auth_back_to_login')} />
    </AuthLayout>
  );
}

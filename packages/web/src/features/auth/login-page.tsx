import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { login } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../api/errors.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import type { TranslationKey } from '../../i18n/t.ts';
import { t } from '../../i18n/t.ts';
import { AuthAlert, AuthSwitchLink } from './auth-alert.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { loginErrorKey } from './login-error.ts';
import { ResendVerification } from './resend-verification.tsx';
import { oauthUrl, SocialLogin } from './social-login.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useAuthStartupConfig } from './use-auth-config.ts';
import { useForm } from './use-form.ts';
import { type LoginFields, type LoginValues, validateLogin } from './validation.ts';
import '../../i18n/en-auth.ts';

/** /login (doc 2 §2.2, §5.2). */
export default function LoginPage() {
  const config = useAuthStartupConfig();
  const navigate = useNavigate();
  const ldap = config.data?.ldap?.enabled ?? false;
  const validate = useCallback((values: LoginValues) => validateLogin(values, ldap), [ldap]);
  const form = useForm<LoginFields>({ email: '', password: '' }, validate);
  const [pending, setPending] = useState(false);
  const [params, setParams] = useSearchParams();
  // Read once: the parameters are removed from the address right away (doc 2 §2.2).
  const [noRedirect] = useState(() => params.get('redirect') === 'false');
  const [error, setError] = useState<string | null>(() => oauthErrorText(params.get('error')));
  useEffect(() => {
    if (!params.has('redirect') && !params.has('error')) return;
    const next = new URLSearchParams(params);
    next.delete('redirect');
    next.delete('error');
    setParams(next, { replace: true });
  }, [params, setParams]);
  const autoRedirect =
    !noRedirect && Boolean(config.data?.openidLoginEnabled && config.data.openidAutoRedirect);
  useEffect(() => {
    if (autoRedirect && config.data) window.location.assign(oauthUrl(config.data, 'openid'));
  }, [autoRedirect, config.data]);
  /** The address a 422 (unverified) answer was for: the resend prompt uses it (doc 1 §8). */
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    if (!form.isValid || pending) return;
    setPending(true);
    setError(null);
    setUnverifiedEmail(null);
    try {
      const result = await login({ email: form.values.email.trim(), password: form.values.password });
      if (result.twoFAPending && result.tempToken) {
        navigate(`/login/2fa?tempToken=${encodeURIComponent(result.tempToken)}`, { replace: true });
        return;
      }
      navigate('/chat/new', { replace: true });
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.status === 400 &&
        (err.field === 'email' || err.field === 'password')
      ) {
        form.setServerError(err.field, errorText(err, 'com_auth_error_login'));
      } else {
        setError(t(loginErrorKey(err)));
        if (err instanceof ApiError && err.status === 422) setUnverifiedEmail(form.values.email.trim());
      }
      setPending(false);
    }
  };

  const emailLogin = config.data?.emailLoginEnabled ?? true;

  if (autoRedirect) {
    return (
      <AuthLayout header={t('com_auth_welcome_back')}>
        <p className="text-center text-sm text-muted-foreground" data-testid="openid-redirecting">
          {t('com_auth_redirecting_openid')}
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout header={t('com_auth_welcome_back')}>
      <AuthAlert>{error}</AuthAlert>
      {unverifiedEmail ? <ResendVerification email={unverifiedEmail} /> : null}
      {config.isError ? <AuthAlert>{t('com_auth_error_config')}</AuthAlert> : null}
      {emailLogin ? (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('com_auth_login')}>
          <TextField
            label={
              ldap && config.data?.ldap?.username ? t('com_auth_username_or_email') : t('com_auth_email')
            }
            type={ldap ? 'text' : 'email'}
            autoComplete={ldap ? 'username' : 'email'}
            inputMode={ldap ? 'text' : 'email'}
            autoFocus
            {...form.bind('email')}
          />
          <TextField
            label={t('com_auth_password')}
            type="password"
            autoComplete="current-password"
            {...form.bind('password')}
          />
          {config.data?.passwordResetEnabled ? (
            <div className="-mt-1 text-right text-sm">
              <Link
                to="/forgot-password"
                className="font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                data-testid="forgot-password-link"
              >
                {t('com_auth_forgot_password')}
              </Link>
            </div>
          ) : null}
          <SubmitButton pending={pending} disabled={form.hasVisibleErrors} testId="login-submit">
            {t('com_auth_continue')}
          </SubmitButton>
        </form>
      ) : (
        <p className="text-center text-sm text-muted-foreground">{t('com_auth_email_login_disabled')}</p>
      )}
      <SocialLogin config={config.data} />
      {config.data?.registrationEnabled ? (
        <AuthSwitchLink
          prompt={t('com_auth_no_account')}
          to="/register"
          label={t('com_auth_sign_up')}
          testId="register-link"
        />
      ) : null}
    </AuthLayout>
  );
}

const OAUTH_ERRORS: Record<string, TranslationKey> = {
  failed: 'com_auth_error_oauth_failed',
  registration_disabled: 'com_auth_error_oauth_registration_disabled',
  email_unverified: 'com_auth_error_oauth_email_unverified',
  no_email: 'com_auth_error_oauth_no_email',
  domain_not_allowed: 'com_auth_error_oauth_domain_not_allowed',
};

/** A failed single sign-on comes back as /login?error=<reason>. */
function oauthErrorText(reason: string | null): string | null {
  if (!reason) return null;
  return t(OAUTH_ERRORS[reason] ?? 'com_auth_error_oauth_failed');
}

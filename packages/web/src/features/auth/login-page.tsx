import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { login } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/t.ts';
import { AuthLayout } from './auth-layout.tsx';
import { loginErrorKey } from './login-error.ts';
import { ResendVerification } from './resend-verification.tsx';
import { SubmitButton } from './submit-button.tsx';
import { FormAlert, TextField } from './text-field.tsx';
import { useAuthStartupConfig } from './use-auth-config.ts';
import { useForm } from './use-form.ts';
import { type LoginFields, validateLogin } from './validation.ts';

/** /login (doc 2 §2.2, §5.2). */
export default function LoginPage() {
  const config = useAuthStartupConfig();
  const navigate = useNavigate();
  const form = useForm<LoginFields>({ email: '', password: '' }, validateLogin);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
      await login({ email: form.values.email.trim(), password: form.values.password });
      navigate('/chat/new', { replace: true });
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.status === 400 &&
        (err.field === 'email' || err.field === 'password')
      ) {
        form.setServerError(err.field, err.message);
      } else {
        setError(t(loginErrorKey(err)));
        if (err instanceof ApiError && err.status === 422) setUnverifiedEmail(form.values.email.trim());
      }
      setPending(false);
    }
  };

  const emailLogin = config.data?.emailLoginEnabled ?? true;
  const field = (name: LoginFields) => {
    const key = form.visibleError(name);
    return key ? t(key) : form.serverErrors[name];
  };

  return (
    <AuthLayout header={t('com_auth_welcome_back')}>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {unverifiedEmail ? <ResendVerification email={unverifiedEmail} /> : null}
      {config.isError ? <FormAlert>{t('com_auth_error_config')}</FormAlert> : null}
      {emailLogin ? (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('com_auth_login')}>
          <TextField
            label={t('com_auth_email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoFocus
            value={form.values.email}
            onValueChange={(v) => form.set('email', v)}
            onBlur={() => form.touch('email')}
            error={field('email')}
          />
          <TextField
            label={t('com_auth_password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={form.values.password}
            onValueChange={(v) => form.set('password', v)}
            onBlur={() => form.touch('password')}
            error={field('password')}
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
      {config.data?.registrationEnabled ? (
        <p className="mt-6 text-center text-sm text-muted-foreground">
          {t('com_auth_no_account')}{' '}
          <Link
            to="/register"
            className="font-medium text-foreground underline-offset-4 hover:underline"
            data-testid="register-link"
          >
            {t('com_auth_sign_up')}
          </Link>
        </p>
      ) : null}
    </AuthLayout>
  );
}

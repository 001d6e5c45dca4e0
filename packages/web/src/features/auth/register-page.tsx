import { AUTH_REDIRECT_SECONDS } from '@parley/schema';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { login, register } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { errorText, knownErrorText } from '../../api/errors.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { t } from '../../i18n/t.ts';
import { AuthAlert, AuthSwitchLink } from './auth-alert.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { SocialLogin } from './social-login.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useAuthStartupConfig } from './use-auth-config.ts';
import { useForm } from './use-form.ts';
import { type RegisterFields, validateRegister } from './validation.ts';
import '../../i18n/en-auth.ts';

const COUNTDOWN_SECONDS = AUTH_REDIRECT_SECONDS;
const FIELDS: RegisterFields[] = ['name', 'username', 'email', 'password', 'confirm_password'];

/**
 * /register (doc 2 §4.1, §5.1). The server does not sign the new user in. Without email, after the
 * success message and a 3-second countdown we log in with the same credentials, then open
 * /chat/new. With email on, the message says to check the inbox and the countdown leads to
 * /chat/new, which asks for a login (the account must be verified first).
 */
export default function RegisterPage() {
  const config = useAuthStartupConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<RegisterFields>(
    { name: '', username: '', email: '', password: '', confirm_password: '' },
    validateRegister,
  );
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [countdown, setCountdown] = useState<number | null>(null);
  /** Email was on when the account was created: a verification mail is on its way. */
  const [mustVerify, setMustVerify] = useState(false);

  useEffect(() => {
    if (countdown === null) return;
    if (countdown > 0) {
      const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
      return () => clearTimeout(timer);
    }
    if (mustVerify) {
      navigate('/chat/new', { replace: true });
      return;
    }
    let cancelled = false;
    login({ email: form.values.email.trim(), password: form.values.password })
      .then(() => {
        if (!cancelled) navigate('/chat/new', { replace: true });
      })
      .catch(() => {
        if (!cancelled) navigate('/login', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [countdown, mustVerify, form.values.email, form.values.password, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    if (!form.isValid || pending) return;
    setPending(true);
    setError(null);
    const token = params.get('token') ?? undefined;
    try {
      await register({
        name: form.values.name.trim(),
        username: form.values.username.trim(),
        email: form.values.email.trim(),
        password: form.values.password,
        confirm_password: form.values.confirm_password,
        ...(token ? { token } : {}),
      });
      // An invitation proves the address: that account can sign in right away.
      setMustVerify(config.data?.emailEnabled === true && !token);
      setCountdown(COUNTDOWN_SECONDS);
    } catch (err) {
      if (err instanceof ApiError && err.field && (FIELDS as string[]).includes(err.field)) {
        form.setServerError(err.field as RegisterFields, errorText(err, 'com_auth_error_create'));
      } else {
        setError(`${t('com_auth_error_create')} ${knownErrorText(err) ?? ''}`.trim());
      }
      setPending(false);
    }
  };

  const input = (name: RegisterFields, label: string, props: Record<string, unknown> = {}) => (
    <TextField label={label} {...form.bind(name)} disabled={countdown !== null} {...props} />
  );

  return (
    <AuthLayout header={t('com_auth_create_account')}>
      <AuthAlert>{error}</AuthAlert>
      {countdown !== null ? (
        <AuthAlert tone="success">
          {mustVerify
            ? `${t('com_auth_registration_success_email')} ${t('com_auth_email_redirect_countdown', { seconds: countdown })}`
            : `${t('com_auth_registration_success')} ${
                countdown > 0
                  ? t('com_auth_redirect_countdown', { seconds: countdown })
                  : t('com_auth_signing_in')
              }`}
        </AuthAlert>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('com_auth_sign_up')}>
        {input('name', t('com_auth_full_name'), { autoComplete: 'name', autoFocus: true })}
        {input('username', t('com_auth_username'), { autoComplete: 'username' })}
        {input('email', t('com_auth_email'), { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        {input('password', t('com_auth_password'), { type: 'password', autoComplete: 'new-password' })}
        {input('confirm_password', t('com_auth_password_confirm'), {
          type: 'password',
          autoComplete: 'new-password',
        })}
        <SubmitButton pending={pending} disabled={form.hasVisibleErrors} testId="register-submit">
          {t('com_auth_submit_registration')}
        </SubmitButton>
      </form>
      <SocialLogin config={config.data} />
      <AuthSwitchLink
        prompt={t('com_auth_already_have_account')}
        to="/login"
        label={t('com_auth_login')}
        testId="login-link"
      />
    </AuthLayout>
  );
}

import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { resetPassword } from '../../api/email-auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { t } from '../../i18n/t.ts';
import { AuthLayout } from './auth-layout.tsx';
import { SubmitButton } from './submit-button.tsx';
import { FormAlert, TextField } from './text-field.tsx';
import { useAuthStartupConfig } from './use-auth-config.ts';
import { useForm } from './use-form.ts';
import { type FieldErrors, passwordError } from './validation.ts';

type Fields = 'password' | 'confirm_password';

function validate(v: Record<Fields, string>): FieldErrors<Fields> {
  const errors: FieldErrors<Fields> = {};
  const password = passwordError(v.password);
  if (password) errors.password = password;
  if (v.confirm_password !== v.password) errors.confirm_password = 'com_auth_passwords_mismatch';
  return errors;
}

/** /reset-password?token&userId (doc 2 §4.3, §5.3). */
export default function ResetPasswordPage() {
  const config = useAuthStartupConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<Fields>({ password: '', confirm_password: '' }, validate);
  const [pending, setPending] = useState(false);
  /** The server's text for a missing token or user id, or null for the invalid-token message. */
  const [error, setError] = useState<{ text: string | null } | null>(null);
  const [success, setSuccess] = useState(false);

  useEffect(() => {
    if (config.data && !config.data.passwordResetEnabled) navigate('/login', { replace: true });
  }, [config.data, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    if (!form.isValid || pending) return;
    setPending(true);
    setError(null);
    try {
      await resetPassword({
        token: params.get('token') ?? '',
        userId: params.get('userId') ?? '',
        password: form.values.password,
        confirm_password: form.values.confirm_password,
      });
      setSuccess(true);
    } catch (err) {
      const missing = err instanceof ApiError && (err.field === 'token' || err.field === 'userId');
      setError({ text: missing ? err.message : null });
    } finally {
      setPending(false);
    }
  };

  if (success) {
    return (
      <AuthLayout>
        <FormAlert tone="success">{t('com_auth_reset_password_success')}</FormAlert>
        <Button
          variant="primary"
          size="lg"
          className="w-full"
          onClick={() => navigate('/login', { replace: true })}
          data-testid="reset-continue"
        >
          {t('com_auth_continue')}
        </Button>
      </AuthLayout>
    );
  }

  const field = (name: Fields) => {
    const key = form.visibleError(name);
    return key ? t(key) : undefined;
  };

  return (
    <AuthLayout>
      {error ? (
        <div
          role="alert"
          data-testid="auth-error"
          className="mb-5 rounded-xl border border-red-500/30 bg-red-500/10 px-4 py-3 text-sm text-red-800 dark:text-red-200"
        >
          {error.text ?? t('com_auth_error_invalid_reset_token')}{' '}
          <Link
            to="/forgot-password"
            className="font-medium underline underline-offset-4"
            data-testid="try-again-link"
          >
            {t('com_auth_click_to_try_again')}
          </Link>
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('com_auth_reset_password')}>
        <TextField
          label={t('com_auth_new_password')}
          name="password"
          type="password"
          autoComplete="new-password"
          autoFocus
          value={form.values.password}
          onValueChange={(v) => form.set('password', v)}
          onBlur={() => form.touch('password')}
          error={field('password')}
        />
        <TextField
          label={t('com_auth_password_confirm')}
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          value={form.values.confirm_password}
          onValueChange={(v) => form.set('confirm_password', v)}
          onBlur={() => form.touch('confirm_password')}
          error={field('confirm_password')}
        />
        <SubmitButton pending={pending} disabled={form.hasVisibleErrors} testId="reset-password-submit">
          {t('com_auth_submit_reset_password')}
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}

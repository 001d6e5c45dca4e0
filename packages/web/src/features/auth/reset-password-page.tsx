import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { resetPassword } from '../../api/email-auth.ts';
import { errorText } from '../../api/errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { t } from '../../i18n/t.ts';
import { AuthAlert } from './auth-alert.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useAuthStartupConfig } from './use-auth-config.ts';
import { useForm } from './use-form.ts';
import { type FieldErrors, mismatch, passwordError } from './validation.ts';
import '../../i18n/en-auth.ts';

type Fields = 'password' | 'confirm_password';

function validate(v: Record<Fields, string>): FieldErrors<Fields> {
  const errors: FieldErrors<Fields> = {};
  const password = passwordError(v.password);
  if (password) errors.password = password;
  const confirm = mismatch(v.password, v.confirm_password);
  if (confirm) errors.confirm_password = confirm;
  return errors;
}

/** /reset-password?token&userId (doc 2 §4.3, §5.3). */
export default function ResetPasswordPage() {
  const config = useAuthStartupConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<Fields>({ password: '', confirm_password: '' }, validate);
  const [pending, setPending] = useState(false);
  /** Why the reset failed: a missing token or user id, or an invalid or expired token. */
  const [error, setError] = useState<string | null>(null);
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
      setError(
        missing
          ? errorText(err, 'com_auth_error_invalid_reset_token')
          : t('com_auth_error_invalid_reset_token'),
      );
    } finally {
      setPending(false);
    }
  };

  if (success) {
    return (
      <AuthLayout>
        <AuthAlert tone="success">{t('com_auth_reset_password_success')}</AuthAlert>
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

  return (
    <AuthLayout>
      {error ? (
        <AuthAlert>
          {error}{' '}
          <Link
            to="/forgot-password"
            className="font-medium underline underline-offset-4"
            data-testid="try-again-link"
          >
            {t('com_auth_click_to_try_again')}
          </Link>
        </AuthAlert>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('com_auth_reset_password')}>
        <TextField
          label={t('com_auth_new_password')}
          type="password"
          autoComplete="new-password"
          autoFocus
          {...form.bind('password')}
        />
        <TextField
          label={t('com_auth_password_confirm')}
          type="password"
          autoComplete="new-password"
          {...form.bind('confirm_password')}
        />
        <SubmitButton pending={pending} disabled={form.hasVisibleErrors} testId="reset-password-submit">
          {t('com_auth_submit_reset_password')}
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}

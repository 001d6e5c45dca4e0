import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { requestPasswordReset } from '../../api/email-auth.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { t } from '../../i18n/t.ts';
import { AuthAlert } from './auth-alert.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useAuthStartupConfig } from './use-auth-config.ts';
import { useForm } from './use-form.ts';
import { emailError } from './validation.ts';
import '../../i18n/en-auth.ts';

const linkClass = 'font-medium text-foreground underline underline-offset-4';

/**
 * /forgot-password (doc 2 §4.4, §5.4). The answer is the same for every address; only a server
 * that cannot send email returns the reset link, and then it is shown here.
 */
export default function ForgotPasswordPage() {
  const config = useAuthStartupConfig();
  const navigate = useNavigate();
  const form = useForm<'email'>({ email: '' }, (v) => {
    const error = emailError(v.email);
    return error ? { email: error } : {};
  });
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<{ link?: string } | null>(null);

  // Password reset off: the page has nothing to offer.
  useEffect(() => {
    if (config.data && !config.data.passwordResetEnabled) navigate('/login', { replace: true });
  }, [config.data, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    if (!form.isValid || pending) return;
    setPending(true);
    try {
      const result = await requestPasswordReset(form.values.email.trim());
      setDone(result.link && !config.data?.emailEnabled ? { link: result.link } : {});
    } catch {
      // Errors get the generic answer too: the page never tells whether an account exists.
      setDone({});
    } finally {
      setPending(false);
    }
  };

  const backToLogin = (
    <p className="mt-6 text-center text-sm">
      <Link to="/login" className={linkClass} data-testid="back-to-login">
        {t('com_auth_back_to_login')}
      </Link>
    </p>
  );

  if (done) {
    return (
      <AuthLayout>
        {done.link ? (
          <div
            role="status"
            data-testid="reset-link-notice"
            className="mb-5 rounded-xl border border-amber-500/30 bg-amber-500/10 px-4 py-3 text-sm"
          >
            <a href={done.link} className={linkClass} data-testid="reset-link">
              {t('com_auth_click_here')}
            </a>{' '}
            {t('com_auth_to_reset_your_password')}
          </div>
        ) : (
          <AuthAlert tone="success">{t('com_auth_reset_password_if_email_exists')}</AuthAlert>
        )}
        {backToLogin}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <p className="mb-5 text-center text-sm text-muted-foreground">{t('com_auth_forgot_password_intro')}</p>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('com_auth_reset_password')}>
        <TextField
          label={t('com_auth_email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          {...form.bind('email')}
        />
        <SubmitButton pending={pending} disabled={form.hasVisibleErrors} testId="forgot-password-submit">
          {t('com_auth_send_reset_link')}
        </SubmitButton>
      </form>
      {backToLogin}
    </AuthLayout>
  );
}

import { AUTH_REDIRECT_SECONDS } from '@parley/schema';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { verifyEmail } from '../../api/email-auth.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { TranslationKey } from '../../i18n/t.ts';
import { t } from '../../i18n/t.ts';
import { AuthLayout } from './auth-layout.tsx';
import { ResendVerification } from './resend-verification.tsx';
import '../../i18n/en-auth.ts';

type Status =
  | { kind: 'verifying' }
  | { kind: 'verified' }
  | { kind: 'failed'; key: TranslationKey }
  | { kind: 'resent' };

/**
 * /verify?token&email (doc 2 §4.2): verifies once on arrival. Success counts down 3 s to
 * /chat/new; failure offers to resend the email, and a resend that worked counts down too.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [status, setStatus] = useState<Status>(() =>
    !token
      ? { kind: 'failed', key: 'com_auth_email_verification_failed_token_missing' }
      : !email
        ? { kind: 'failed', key: 'com_auth_email_verification_failed' }
        : { kind: 'verifying' },
  );
  const [countdown, setCountdown] = useState<number | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token || !email) return;
    started.current = true; // once, even under StrictMode's double effects: a token works once
    verifyEmail({ token, email })
      .then(() => {
        setStatus({ kind: 'verified' });
        setCountdown(AUTH_REDIRECT_SECONDS);
      })
      .catch((err: unknown) =>
        setStatus({
          kind: 'failed',
          key:
            err instanceof ApiError && err.status === 400
              ? 'com_auth_email_verification_invalid'
              : 'com_auth_email_verification_failed',
        }),
      );
  }, [token, email]);

  useEffect(() => {
    if (countdown === null) return;
    if (countdown <= 0) {
      navigate('/chat/new', { replace: true });
      return;
    }
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown, navigate]);

  const header =
    status.kind === 'verifying'
      ? t('com_auth_email_verification_in_progress')
      : status.kind === 'verified'
        ? t('com_auth_email_verification_success')
        : status.kind === 'resent'
          ? t('com_auth_email_verification_resend_success')
          : t(status.key);

  return (
    <AuthLayout header={header}>
      <div
        className="text-center text-sm text-muted-foreground"
        data-testid="verify-status"
        data-status={status.kind}
      >
        {status.kind === 'verifying' ? <Spinner className="mx-auto size-5" /> : null}
        {countdown !== null && countdown > 0 ? (
          <p data-testid="verify-countdown">
            {t('com_auth_email_verification_redirecting', { seconds: countdown })}
          </p>
        ) : null}
      </div>
      {status.kind === 'failed' && email ? (
        <div className="mt-6">
          <ResendVerification
            email={email}
            onSent={() => {
              setStatus({ kind: 'resent' });
              setCountdown(AUTH_REDIRECT_SECONDS);
            }}
          />
        </div>
      ) : null}
    </AuthLayout>
  );
}

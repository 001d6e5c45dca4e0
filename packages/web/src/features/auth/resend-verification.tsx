import { useState } from 'react';
import { resendVerification } from '../../api/email-auth.ts';
import { t } from '../../i18n/t.ts';
import { AuthAlert } from './auth-alert.tsx';
import '../../i18n/en-auth.ts';

/** "Didn't receive the email? Resend email" (doc 1 §8 login 422, doc 2 §4.2 verify failure). */
export function ResendVerification({ email, onSent }: { email: string; onSent?: () => void }) {
  const [state, setState] = useState<'idle' | 'pending' | 'sent' | 'failed'>('idle');
  const resend = async () => {
    setState('pending');
    try {
      await resendVerification(email);
      setState('sent');
      onSent?.();
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="mb-5 text-center text-sm" data-testid="resend-verification">
      {state === 'sent' ? (
        <AuthAlert tone="success">{t('com_auth_email_verification_resend_success')}</AuthAlert>
      ) : null}
      {state === 'failed' ? <AuthAlert>{t('com_auth_email_verification_resend_failed')}</AuthAlert> : null}
      <span className="text-muted-foreground">{t('com_auth_email_verification_resend_prompt')}</span>{' '}
      <button
        type="button"
        onClick={resend}
        disabled={state === 'pending' || !email}
        className="font-medium text-foreground underline-offset-4 hover:underline disabled:opacity-50"
        data-testid="resend-verification-button"
      >
        {t('com_auth_email_resend_link')}
      </button>
    </div>
  );
}

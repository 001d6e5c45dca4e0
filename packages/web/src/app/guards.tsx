import { UNAUTH_REDIRECT_MS } from '@parley/schema';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import type { TranslationKey } from '../i18n/t.ts';
import { t } from '../i18n/t.ts';
import { useSession } from '../store/session.ts';

export function CenteredStatus({
  text,
  spinner = false,
  testId,
}: {
  text?: string;
  spinner?: boolean;
  testId?: string;
}) {
  return (
    <div
      className="flex h-full min-h-[50vh] flex-1 flex-col items-center justify-center gap-3 p-6 text-center"
      data-testid={testId}
    >
      {spinner ? <Spinner /> : null}
      {text ? <p className="text-sm text-muted-foreground">{text}</p> : null}
    </div>
  );
}

export function GuardMessage({ textKey }: { textKey: TranslationKey }) {
  return <CenteredStatus text={t(textKey)} testId="guard-message" />;
}

/**
 * The app shell is for signed-in users: others see 'Please log in' and go to /login after 300 ms
 * (doc 1 §2), except on / which redirects by itself.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (status !== 'unauthenticated' || location.pathname === '/') return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), UNAUTH_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, location.pathname, navigate]);
  if (status === 'loading') return <CenteredStatus spinner />;
  if (status === 'unauthenticated') return <GuardMessage textKey="com_guard_please_login" />;
  return <>{children}</>;
}

/** Auth pages: a signed-in visitor goes to /chat/new. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  if (status === 'loading') return <CenteredStatus spinner />;
  if (status === 'authenticated') return <Navigate to="/chat/new" replace />;
  return <>{children}</>;
}

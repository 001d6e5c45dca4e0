import { AUTH_QUERIES_DELAY_MS } from '@parley/schema';
import { useEffect, useState } from 'react';
import { useStartupConfig } from '../../api/config.ts';
import type { TranslationKey } from '../../i18n/t.ts';
import '../../i18n/en-auth.ts';

/** True once the auth layout has been up for 500 ms (doc 2 §2.1: queries wait that long). */
export function useAuthQueriesEnabled(): boolean {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setEnabled(true), AUTH_QUERIES_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return enabled;
}

/** The startup config as the auth pages read it: fetched after the delay (a cached copy shows at once). */
export function useAuthStartupConfig() {
  return useStartupConfig({ enabled: useAuthQueriesEnabled() });
}

/** Header text by route (doc 2 §2.1). */
export function authHeaderKey(pathname: string): TranslationKey {
  if (pathname.startsWith('/login/2fa')) return 'com_auth_verify_your_identity';
  if (pathname.startsWith('/register')) return 'com_auth_create_account';
  if (pathname.startsWith('/forgot-password') || pathname.startsWith('/reset-password'))
    return 'com_auth_reset_password';
  if (pathname.startsWith('/verify')) return 'com_auth_verify_email';
  return 'com_auth_welcome_back';
}

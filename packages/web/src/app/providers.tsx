import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from '../api/query-client.ts';
import { TooltipProvider } from '../components/ui/tooltip.tsx';
import { usePreferences } from '../store/preferences.ts';
import { useSession } from '../store/session.ts';
import { resolveTheme, useThemeEffect } from '../store/theme.ts';
import { resetClientState } from './reset-client-state.ts';

function SessionLifecycle() {
  useEffect(
    () =>
      useSession.subscribe((state, previous) => {
        if (previous.status === 'authenticated' && state.status === 'unauthenticated') resetClientState();
      }),
    [],
  );
  return null;
}

function ThemedToaster() {
  const theme = usePreferences((s) => s.theme);
  return (
    <Toaster
      theme={theme === 'system' ? 'system' : resolveTheme(theme, false)}
      position="top-center"
      duration={3000}
      toastOptions={{ className: 'rounded-xl' }}
    />
  );
}

export function Providers({ children }: { children: ReactNode }) {
  useThemeEffect();
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <SessionLifecycle />
        {children}
        <ThemedToaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}

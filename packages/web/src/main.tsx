import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { bootstrapSession } from './api/auth.ts';
import { startEarlyFetches, startEarlyLoads } from './app/early-loads.ts';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { Providers } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { usePreferences } from './store/preferences.ts';
import { useSession } from './store/session.ts';
import { applyTheme } from './store/theme.ts';

// Theme before the first paint; session refresh, the route's chunks and (once signed in) its
// messages in parallel with rendering.
applyTheme(usePreferences.getState().theme);
startEarlyLoads(location.pathname);
// The moment the refresh gives a session, before React renders anything for it (zustand calls
// subscribers synchronously; React only schedules its render).
const stopWatching = useSession.subscribe((s) => {
  if (!s.token) return;
  stopWatching();
  startEarlyFetches(location.pathname);
});
void bootstrapSession();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');
createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <Providers>
        <AppRouter />
      </Providers>
    </ErrorBoundary>
  </StrictMode>,
);

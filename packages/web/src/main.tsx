import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { bootstrapSession } from './api/auth.ts';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { Providers } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { applyTheme } from './lib/theme.ts';
import { usePreferences } from './store/preferences.ts';

// Theme before the first paint; session refresh in parallel with rendering.
applyTheme(usePreferences.getState().theme);
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

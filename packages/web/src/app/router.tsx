import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { preloadable } from '../lib/preloadable.tsx';
import { CenteredStatus, PublicOnly, RequireAuth } from './guards.tsx';

// Route-level code splitting: the auth pages and the chat shell are separate chunks.
const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));
const RegisterPage = lazy(() => import('../features/auth/register-page.tsx'));
const TwoFactorLoginPage = lazy(() => import('../features/auth/two-factor-login-page.tsx'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page.tsx'));
const VerifyEmailPage = lazy(() => import('../features/auth/verify-email-page.tsx'));
/** The signed-in shell; app/early-loads.ts starts it with the session refresh. */
export const shellRoutesChunk = preloadable(() => import('./shell-routes.tsx'));
const ShellRoutes = shellRoutesChunk.Component;
// The public shared conversation page (doc 2 §2.6): its own chunk, outside the signed-in shell.
const ShareScreen = lazy(() => import('./share-screen.tsx'));
// The admin area (ADMIN only): its own chunk, never loaded by other users.
const AdminPage = lazy(() => import('../features/admin/admin-page.tsx'));

/** c/{slug}/* → /chat/{slug} (doc 1 §2). */
function LegacyConvoRedirect() {
  const { slug = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`${slug ? `/chat/${encodeURIComponent(slug)}` : '/chat/new'}${search}`} replace />;
}

/** / → /chat/new, keeping a link's query (prompt, model…; doc 1 §2). */
function HomeRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/chat/new${search}`} replace />;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={<CenteredStatus spinner />}>
        <Routes>
          <Route
            path="/login"
            element={
              <PublicOnly>
                <LoginPage />
              </PublicOnly>
            }
          />
          <Route
            path="/login/2fa"
            element={
              <PublicOnly>
                <TwoFactorLoginPage />
              </PublicOnly>
            }
          />
          <Route
            path="/register"
            element={
              <PublicOnly>
                <RegisterPage />
              </PublicOnly>
            }
          />
          <Route
            path="/forgot-password"
            element={
              <PublicOnly>
                <ForgotPasswordPage />
              </PublicOnly>
            }
          />
          <Route
            path="/reset-password"
            element={
              <PublicOnly>
                <ResetPasswordPage />
              </PublicOnly>
            }
          />
          {/* A verification link works whether or not someone is signed in on this browser. */}
          <Route path="/verify" element={<VerifyEmailPage />} />
          <Route path="/share/:shareId" element={<ShareScreen />} />
          <Route path="/" element={<HomeRedirect />} />
          <Route path="/c/:slug/*" element={<LegacyConvoRedirect />} />
          <Route
            path="/chat/*"
            element={
              <RequireAuth>
                <ShellRoutes />
              </RequireAuth>
            }
          />
          <Route
            path="/search"
            element={
              <RequireAuth>
                <ShellRoutes area="search" />
              </RequireAuth>
            }
          />
          <Route
            path="/admin"
            element={
              <RequireAuth>
                <AdminPage />
              </RequireAuth>
            }
          />
          <Route
            path="/d/files"
            element={
              <RequireAuth>
                <ShellRoutes area="files" />
              </RequireAuth>
            }
          />
          {/* The prompt library (doc 1 §2, doc 2 §2.5): /d/prompts, /d/prompts/new, /d/prompts/{id}. */}
          <Route
            path="/d/prompts/*"
            element={
              <RequireAuth>
                <ShellRoutes area="prompts" />
              </RequireAuth>
            }
          />
          {/* Any other /d path goes to /d/files (doc 2 §2.5). */}
          <Route path="/d/*" element={<Navigate to="/d/files" replace />} />
          {/* The agent gallery (issue 15; LibreChat's marketplace routes /agents and /agents/:category). */}
          <Route
            path="/agents/*"
            element={
              <RequireAuth>
                <ShellRoutes area="agents" />
              </RequireAuth>
            }
          />
          <Route path="*" element={<Navigate to="/chat/new" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}

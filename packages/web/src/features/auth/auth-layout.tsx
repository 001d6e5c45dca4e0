import { Moon, Sun } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useStartupConfig } from '../../api/config.ts';
import { AppBanner } from '../../components/banner/banner.tsx';
import { t } from '../../i18n/t.ts';
import { usePreferences } from '../../store/preferences.ts';
import { resolveTheme } from '../../store/theme.ts';
import { authHeaderKey, useAuthQueriesEnabled } from './use-auth-config.ts';
import '../../i18n/en-auth.ts';

/** Theme switches closer together than this are ignored; the announcement clears after 1 s (doc 2 §4.6). */
const THEME_DEBOUNCE_MS = 500;
const ANNOUNCE_CLEAR_MS = 1000;

function ThemeToggle() {
  const theme = usePreferences((s) => s.theme);
  const setPreference = usePreferences((s) => s.setPreference);
  const isDark =
    resolveTheme(
      theme,
      typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches,
    ) === 'dark';
  const lastSwitch = useRef(0);
  const [announcement, setAnnouncement] = useState('');
  const toggle = useRef(() => {});
  toggle.current = () => {
    const now = Date.now();
    if (now - lastSwitch.current < THEME_DEBOUNCE_MS) return;
    lastSwitch.current = now;
    const next = isDark ? 'light' : 'dark';
    setPreference('theme', next);
    setAnnouncement(
      `${t('com_ui_theme')}: ${t(next === 'dark' ? 'com_ui_theme_dark' : 'com_ui_theme_light')}`,
    );
  };
  useEffect(() => {
    if (!announcement) return;
    const timer = setTimeout(() => setAnnouncement(''), ANNOUNCE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [announcement]);
  // Ctrl+Shift+T toggles the theme on the auth pages (doc 2 §2.1).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.shiftKey && event.key.toLowerCase() === 't') {
        event.preventDefault();
        toggle.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <span className="sr-only" aria-live="polite" data-testid="theme-announcement">
        {announcement}
      </span>
      <button
        type="button"
        onClick={() => toggle.current()}
        title={t('com_auth_theme_shortcut')}
        data-testid="theme-toggle"
        aria-label={isDark ? t('com_ui_theme_light') : t('com_ui_theme_dark')}
        className="inline-flex size-10 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {isDark ? <Sun className="size-5" /> : <Moon className="size-5" />}
      </button>
    </>
  );
}

export function BrandMark({ className = 'size-10' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden>
      <rect width="32" height="32" rx="9" className="fill-foreground" />
      <path
        d="M9 11.5A3.5 3.5 0 0 1 12.5 8h7a3.5 3.5 0 0 1 3.5 3.5v5a3.5 3.5 0 0 1-3.5 3.5H15l-4.2 3.4c-.5.4-1.3 0-1.3-.6V20.3A3.5 3.5 0 0 1 9 17.5z"
        className="fill-background"
      />
    </svg>
  );
}

/**
 * Shared frame of the auth pages (doc 2 §2.1): logo, per-route header (a page may pass its own),
 * theme toggle, privacy and terms links.
 */
export function AuthLayout({ header: given, children }: { header?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const header = given ?? t(authHeaderKey(pathname));
  // The config and banner queries start 500 ms after the layout appears (doc 2 §2.1).
  const queriesEnabled = useAuthQueriesEnabled();
  const config = useStartupConfig({ enabled: queriesEnabled });
  const privacy = config.data?.interface.privacyPolicy;
  const terms = config.data?.interface.termsOfService;
  const appTitle = config.data?.appTitle || t('com_app_name');
  useEffect(() => {
    document.title = `${header} | ${appTitle}`;
  }, [header, appTitle]);
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <AppBanner enabled={queriesEnabled} />
      <div className="flex justify-end p-4">
        <ThemeToggle />
      </div>
      <main className="flex flex-1 flex-col items-center px-4 pb-12 pt-[min(8vh,4rem)]">
        <BrandMark className="size-11" />
        <h1 className="mt-6 text-center text-[28px] font-semibold tracking-tight" data-testid="auth-header">
          {header}
        </h1>
        <div className="mt-8 w-full max-w-[22rem]">{children}</div>
      </main>
      {privacy?.externalUrl || terms?.externalUrl ? (
        <footer className="flex justify-center gap-4 pb-6 text-xs text-muted-foreground">
          {privacy?.externalUrl ? (
            <a
              href={privacy.externalUrl}
              target={privacy.openNewTab ? '_blank' : undefined}
              rel="noopener noreferrer"
              className="hover:underline"
            >
              {t('com_auth_privacy_policy')}
            </a>
          ) : null}
          {terms?.externalUrl ? (
            <a
              href={terms.externalUrl}
              target={terms.openNewTab ? '_blank' : undefined}
              rel="noopener noreferrer"
              className="hover:underline"
            >
              {t('com_auth_terms_of_service')}
            </a>
          ) : null}
        </footer>
      ) : null}
    </div>
  );
}

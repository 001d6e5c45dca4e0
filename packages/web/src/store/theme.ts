import { useEffect } from 'react';
import { type Theme, usePreferences } from './preferences.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function resolveTheme(theme: Theme, systemDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return systemDark ? 'dark' : 'light';
  return theme;
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Put `dark` or `light` on <html>. */
export function applyTheme(theme: Theme): void {
  const resolved = resolveTheme(theme, systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.classList.toggle('light', resolved === 'light');
  root.style.colorScheme = resolved;
}

/** Apply the theme preference; "system" follows the OS setting live. */
export function useThemeEffect(): void {
  const theme = usePreferences((s) => s.theme);
  useEffect(() => {
    applyTheme(theme);
    if (theme !== 'system' || typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(DARK_QUERY);
    const onChange = () => applyTheme('system');
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [theme]);
}

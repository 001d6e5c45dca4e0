import { useSyncExternalStore } from 'react';

/**
 * The theme in effect, read from the `dark` class that store/theme.ts puts on <html>: it already
 * resolves "system", so consumers follow the app, not just the OS.
 */
export type DocumentTheme = 'light' | 'dark';

function read(): DocumentTheme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

export function useDocumentTheme(): DocumentTheme {
  return useSyncExternalStore(subscribe, read, () => 'light');
}

import { DEFAULT_PREFERENCES, usePreferences } from '../../store/preferences.ts';

/**
 * After the account is deleted nothing of it stays in this browser (doc 3 §4): every stored key
 * (preferences, drafts, last model, panel layout…) goes, and preferences return to the defaults.
 * Server caches and chat stores are reset by the sign-out that follows.
 */
export function clearLocalState(): void {
  for (const storage of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      storage().clear();
    } catch {
      // Storage disabled: nothing was stored.
    }
  }
  usePreferences.setState(DEFAULT_PREFERENCES);
}

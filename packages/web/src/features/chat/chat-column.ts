import { usePreferences } from '../../store/preferences.ts';

/**
 * Width of the chat column (messages and composer): the reading column, or the full width when
 * "Maximize chat space" is on.
 */
export function useChatColumnClass(): string {
  return usePreferences((s) => (s.maximizeChatSpace ? 'max-w-none' : 'max-w-3xl'));
}

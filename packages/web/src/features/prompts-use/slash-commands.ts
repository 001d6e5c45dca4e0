import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { prefetchUsablePrompts, usePromptsAllowed } from '../../api/prompt-commands.ts';
import type { ComposerCommands } from '../../lib/composer-commands.ts';
import { preloadable } from '../../lib/preloadable.tsx';
import { usePreferences } from '../../store/preferences.ts';

// The popover's code is its own chunk, off /chat/new's critical path; the composer's focus
// loads it (and the prompts) ahead of the first `/`, so it opens in the frame `/` is typed.
const popoverChunk = preloadable(() => import('./slash-popover.tsx'));

/** A composer text that asks for the popover: `/` first, then one line of filter. */
export const matchesSlash = (text: string): boolean => text.startsWith('/') && !text.includes('\n');

/** Once per page: the chunk and the list load after the first focus, or at once when typed in. */
let warmed: 'no' | 'scheduled' | 'done' = 'no';

function load(client: QueryClient): void {
  warmed = 'done';
  void popoverChunk.preload();
  prefetchUsablePrompts(client);
}

/**
 * Warm up. Focus at page load (the composer focuses itself) waits for the page to settle, so
 * the popover's code never counts against the first paint of /chat/new; typing loads at once.
 * The list is prefetched on every focus: a fresh cache is kept, a stale one refetched.
 */
function warm(client: QueryClient, reason: 'focus' | 'input'): void {
  if (reason === 'input') {
    if (warmed !== 'done') load(client);
    return;
  }
  if (warmed === 'done') {
    prefetchUsablePrompts(client);
    return;
  }
  if (warmed === 'scheduled') return;
  warmed = 'scheduled';
  const idle = (fn: () => void) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(fn, { timeout: 1000 })
      : setTimeout(fn, 0);
  setTimeout(() => idle(() => warmed !== 'done' && load(client)), 500);
}

/**
 * The `/` prompt popover for the composer (doc 3 §2): null without PROMPTS USE (doc 3 §6) or
 * with Settings → Commands → slash command off.
 */
export function useSlashCommands(): ComposerCommands | null {
  const allowed = usePromptsAllowed();
  const on = usePreferences((s) => s.slashCommand);
  const client = useQueryClient();
  return useMemo(
    () =>
      allowed && on
        ? { matches: matchesSlash, warm: (reason) => warm(client, reason), Popover: popoverChunk.Component }
        : null,
    [allowed, on, client],
  );
}

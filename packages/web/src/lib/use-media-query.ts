import { SMALL_SCREEN_MAX } from '@parley/schema';
import { useSyncExternalStore } from 'react';

export const SMALL_SCREEN_QUERY = `(max-width: ${SMALL_SCREEN_MAX}px)`;

function mediaList(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null;
}

export function matchesMedia(query: string): boolean {
  return mediaList(query)?.matches ?? false;
}

/** Live media-query match (re-renders when it changes). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => matchesMedia(query),
    () => false,
  );
}

export function useIsSmallScreen(): boolean {
  return useMediaQuery(SMALL_SCREEN_QUERY);
}

import { useSyncExternalStore } from 'react';
import type { MathPlugins } from './math-plugins.ts';

/*
 * Math support (remark-math, our KaTeX rehype plugin in rehype-math.ts, and the KaTeX CSS) is
 * loaded only when a message may contain math, so KaTeX never weighs on the first load.
 */

let plugins: MathPlugins | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function loadMath(): void {
  if (plugins || loading) return;
  loading = import('./math-plugins.ts')
    .then((mod) => {
      plugins = mod.mathPlugins;
      for (const listener of listeners) listener();
    })
    .catch(() => {
      loading = null;
    });
}

/** The math plugins once loaded (null before): re-renders its caller when they arrive. */
export function useMathPlugins(): MathPlugins | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => plugins,
    () => null,
  );
}

import { type ComponentProps, type ComponentType, lazy } from 'react';

/**
 * A code-split component that can be loaded ahead of its first render. Unlike a bare React.lazy,
 * once the module is in it renders at once: a lazy component suspends on its first render even
 * when its chunk is already loaded, and React then holds the revealed content back for up to
 * 300 ms (its fallback throttle) — a visible pause when opening a chat.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component props
export function preloadable<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loaded: T | null = null;
  let pending: Promise<{ default: T }> | null = null;
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return pending;
  };
  const Lazy = lazy(preload);
  function Preloadable(props: ComponentProps<T>) {
    const Component = (loaded ?? Lazy) as ComponentType<ComponentProps<T>>;
    return <Component {...props} />;
  }
  return { Component: Preloadable, preload };
}

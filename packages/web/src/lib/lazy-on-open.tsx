import { type ComponentProps, type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * True from the first time `open` is true: a lazily loaded dialog mounts on its first opening and
 * stays mounted, so closing keeps its exit animation and reopening needs no new load.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * A dialog (or panel) whose code loads when it is first opened, keeping it off the critical path
 * of the screen that offers it. Renders nothing until then.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component props
export function lazyOnOpen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const Lazy = lazy(load) as unknown as ComponentType<ComponentProps<T>>;
  return function LazyOnOpen(props: ComponentProps<T> & { open: boolean }) {
    if (!useOpenedOnce(props.open)) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

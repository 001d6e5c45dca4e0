import { useCallback, useEffect, useRef } from 'react';

/**
 * A save that waits until typing pauses for `ms` (doc 2 §5.9: oneliner and command, 950 ms). The
 * last value wins; `flush` saves a pending value at once, and a pending value is saved when the
 * component goes (leaving the page keeps what was typed).
 */
export function useDebouncedSave<T>(save: (value: T) => void, ms: number) {
  const saveRef = useRef(save);
  saveRef.current = save;
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (next) saveRef.current(next.value);
  }, []);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, ms);
    },
    [flush, ms],
  );

  /** Forget a pending value (the group it belonged to was deleted). */
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);

  useEffect(() => flush, [flush]);
  return { schedule, flush, cancel };
}

import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** Auto scroll pauses when the view is more than 50 px from the bottom (doc 3 §4 Messages). */
export const STICK_THRESHOLD_PX = 50;

export function distanceFromBottom(el: {
  scrollHeight: number;
  scrollTop: number;
  clientHeight: number;
}): number {
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}

/**
 * Keep a scroll container pinned to the bottom while its content grows, but only while the user
 * is within 50 px of the bottom. Growth never emits scroll events, so only the user's own
 * scrolling (or ours) changes whether we follow.
 */
export function useStickToBottom(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  /** Follow the content from the start; false leaves the view where it opens (at the top). */
  startStuck = true,
): { atBottom: boolean; scrollToBottom: (smooth?: boolean) => void } {
  const stuck = useRef(startStuck);
  const [atBottom, setAtBottom] = useState(true);

  const scrollToBottom = useCallback(
    (smooth = false) => {
      const el = scrollRef.current;
      if (!el) return;
      stuck.current = true;
      setAtBottom(true);
      el.scrollTo({ top: el.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    },
    [scrollRef],
  );

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onScroll = () => {
      const near = distanceFromBottom(el) <= STICK_THRESHOLD_PX;
      stuck.current = near;
      setAtBottom(near);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const content = contentRef.current;
    const observer =
      typeof ResizeObserver === 'function' && content
        ? new ResizeObserver(() => {
            if (stuck.current) el.scrollTop = el.scrollHeight;
            else setAtBottom(distanceFromBottom(el) <= STICK_THRESHOLD_PX);
          })
        : null;
    if (observer && content) observer.observe(content);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [scrollRef, contentRef]);

  return { atBottom, scrollToBottom };
}

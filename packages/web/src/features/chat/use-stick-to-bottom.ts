import {
  AUTO_SCROLL_PAUSE_PX,
  SCROLL_BUTTON_DELAY_MS,
  SCROLL_BUTTON_THRESHOLD,
  SCROLL_THROTTLE_INSTANT_MS,
  SCROLL_THROTTLE_SMOOTH_MS,
} from '@parley/schema';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

type ScrollBox = { scrollHeight: number; scrollTop: number; clientHeight: number };

export function distanceFromBottom(el: ScrollBox): number {
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}

/** Close enough to the bottom that a growing reply is followed (doc 1 §9: 50 px). */
export function isNearBottom(el: ScrollBox): boolean {
  return distanceFromBottom(el) <= AUTO_SCROLL_PAUSE_PX;
}

/** Far enough from the bottom to offer the scroll-to-bottom button (threshold 0.85 of a screen). */
export function wantsScrollButton(el: ScrollBox): boolean {
  return distanceFromBottom(el) > el.clientHeight * (1 - SCROLL_BUTTON_THRESHOLD);
}

/**
 * A leading + trailing throttle: the first call runs at once, calls inside the window collapse
 * into one run at its end, so the last request is never lost.
 */
export function throttle(fn: () => void, ms: number, now: () => number = Date.now): () => void {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    last = now();
    timer = null;
    fn();
  };
  return () => {
    const wait = last + ms - now();
    if (wait <= 0 && timer === null) run();
    else if (timer === null) timer = setTimeout(run, Math.max(wait, 0));
  };
}

/**
 * Keep a scroll container pinned to the bottom while its content grows, but only while the user
 * is within 50 px of the bottom. Growth never emits scroll events, so only the user's own
 * scrolling (or ours) changes whether we follow. Following growth happens every frame the
 * content resizes (setting scrollTop is cheap and keeps the newest line in view); the throttles of
 * doc 1 §9 apply to explicit scrolls to the bottom.
 */
export function useStickToBottom(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  /** Follow the content from the start; false leaves the view where it opens (at the top). */
  startStuck = true,
): { showButton: boolean; scrollToBottom: (smooth?: boolean) => void } {
  const stuck = useRef(startStuck);
  const [showButton, setShowButton] = useState(false);
  const buttonTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Show after the view has stayed away for the delay; hide at once.
  const updateButton = useCallback(
    (away: boolean) => {
      if (!away) {
        if (buttonTimer.current) clearTimeout(buttonTimer.current);
        buttonTimer.current = null;
        setShowButton(false);
        return;
      }
      if (buttonTimer.current) return;
      buttonTimer.current = setTimeout(() => {
        buttonTimer.current = null;
        const el = scrollRef.current;
        if (el && wantsScrollButton(el)) setShowButton(true);
      }, SCROLL_BUTTON_DELAY_MS);
    },
    [scrollRef],
  );

  const scrolls = useRef<{ instant: () => void; smooth: () => void } | null>(null);
  if (scrolls.current === null) {
    const to = (behavior: ScrollBehavior) => () => {
      const el = scrollRef.current;
      if (el) el.scrollTo({ top: el.scrollHeight, behavior });
    };
    scrolls.current = {
      instant: throttle(to('auto'), SCROLL_THROTTLE_INSTANT_MS),
      smooth: throttle(to('smooth'), SCROLL_THROTTLE_SMOOTH_MS),
    };
  }

  const scrollToBottom = useCallback(
    (smooth = false) => {
      stuck.current = true;
      updateButton(false);
      if (smooth) scrolls.current?.smooth();
      else scrolls.current?.instant();
    },
    [updateButton],
  );

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let lastTop = el.scrollTop;
    const onScroll = () => {
      // Only a move up lets go of the bottom: the steps of our own smooth scroll down (while the
      // reply keeps growing below it) must not.
      const movedUp = el.scrollTop < lastTop;
      lastTop = el.scrollTop;
      if (isNearBottom(el)) stuck.current = true;
      else if (movedUp) stuck.current = false;
      updateButton(wantsScrollButton(el));
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const content = contentRef.current;
    const observer =
      typeof ResizeObserver === 'function' && content
        ? new ResizeObserver(() => {
            if (stuck.current) el.scrollTop = el.scrollHeight;
            else updateButton(wantsScrollButton(el));
          })
        : null;
    if (observer && content) observer.observe(content);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer?.disconnect();
      if (buttonTimer.current) clearTimeout(buttonTimer.current);
      buttonTimer.current = null;
    };
  }, [scrollRef, contentRef, updateButton]);

  return { showButton, scrollToBottom };
}

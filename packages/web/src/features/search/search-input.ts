import { SEARCH_DEBOUNCE_MS } from '@parley/schema';

/**
 * The sidebar search field's behaviour (doc 1 §4 "Search"), apart from React so it can be tested:
 * typing sets a typing status; 500 ms after the last keystroke the query is submitted; clearing
 * the text, or Backspace on an empty field, leaves search.
 */
export function createSearchInput(
  handlers: {
    onTyping: (typing: boolean) => void;
    onSubmit: (query: string) => void;
    onClear: () => void;
  },
  delayMs = SEARCH_DEBOUNCE_MS,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    change(value: string) {
      cancel();
      if (value.trim() === '') {
        handlers.onTyping(false);
        handlers.onClear();
        return;
      }
      handlers.onTyping(true);
      timer = setTimeout(() => {
        timer = undefined;
        handlers.onTyping(false);
        handlers.onSubmit(value.trim());
      }, delayMs);
    },
    /** Backspace with nothing left to delete. */
    backspaceOnEmpty() {
      cancel();
      handlers.onTyping(false);
      handlers.onClear();
    },
    cancel,
  };
}

/** The search screen's address for a query. */
export function searchPath(query: string): string {
  return `/search?q=${encodeURIComponent(query)}`;
}

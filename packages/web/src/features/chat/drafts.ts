import { DRAFT_DEBOUNCE_MS } from '@parley/schema';
import { readJson, removeKey, removeKeysWithPrefix, writeJson } from '../../lib/storage.ts';

/**
 * Composer drafts, kept in the browser per conversation id ('new' for a new chat) (doc 1 §4).
 * Saved 750 ms after typing stops, only when longer than one character.
 */
const PREFIX = 'draft:';

export function readDraft(key: string): string {
  const value = readJson<string>(PREFIX + key);
  return typeof value === 'string' ? value : '';
}

export function writeDraft(key: string, text: string): void {
  if (text.trim().length > 1) writeJson(PREFIX + key, text);
  else removeKey(PREFIX + key);
}

export function clearDraft(key: string): void {
  removeKey(PREFIX + key);
}

/** Drafts belong to the signed-in user: all of them go at logout. */
export function clearAllDrafts(): void {
  removeKeysWithPrefix(PREFIX);
}

/** A debounced saver for one composer. */
export function createDraftSaver(delayMs = DRAFT_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule(key: string, text: string) {
      clearTimeout(timer);
      timer = setTimeout(() => writeDraft(key, text), delayMs);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}

import { DRAFT_CLEAR_MS, DRAFT_DEBOUNCE_MS, NEW_CONVO, PENDING_CONVO } from '@parley/schema';
import { readJson, removeKey, removeKeysWithPrefix, writeJson } from '../../lib/storage.ts';

/**
 * Composer drafts, kept in the browser per conversation id (doc 1 §3 "Drafts", §4, §9): the text
 * and the attached file ids. 'new' holds a new chat's draft and 'pending' the draft typed while a
 * new chat's first message is submitting. Saved 750 ms after typing stops, only when the text is
 * longer than one character; cleared 2500 ms after a send.
 */
const PREFIX = 'draft:';

export type Draft = { text: string; files: string[] };

/** The draft key of a chat: its id, or 'pending'/'new' before the server has named it. */
export function draftKeyFor(conversationId: string | null, submitting: boolean): string {
  if (conversationId) return conversationId;
  return submitting ? PENDING_CONVO : NEW_CONVO;
}

export function readDraftData(key: string): Draft {
  const value = readJson<unknown>(PREFIX + key);
  // Older drafts were the bare text.
  if (typeof value === 'string') return { text: value, files: [] };
  if (value && typeof value === 'object') {
    const { text, files } = value as Partial<Draft>;
    return {
      text: typeof text === 'string' ? text : '',
      files: Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string') : [],
    };
  }
  return { text: '', files: [] };
}

export function readDraft(key: string): string {
  return readDraftData(key).text;
}

export function writeDraft(key: string, text: string, files: string[] = []): void {
  if (text.trim().length > 1) writeJson(PREFIX + key, { text, files } satisfies Draft);
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
export function createDraftSaver(delayMs = DRAFT_DEBOUNCE_MS, clearMs = DRAFT_CLEAR_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { key: string; text: string; files: string[] } | null = null;
  const clears = new Map<string, ReturnType<typeof setTimeout>>();
  const cancel = () => {
    clearTimeout(timer);
    pending = null;
  };
  return {
    schedule(key: string, text: string, files: string[] = []) {
      clearTimeout(timer);
      // New typing for a chat wins over the clean-up of its last send.
      clearTimeout(clears.get(key));
      clears.delete(key);
      pending = { key, text, files };
      timer = setTimeout(() => {
        if (pending) writeDraft(pending.key, pending.text, pending.files);
        pending = null;
      }, delayMs);
    },
    /** Save what is waiting now (switching chats or unmounting must not lose the last keystrokes). */
    flush() {
      clearTimeout(timer);
      if (pending) writeDraft(pending.key, pending.text, pending.files);
      pending = null;
    },
    /** After a send: drop the waiting save and remove the draft once the send is under way. */
    clearAfterSend(key: string) {
      cancel();
      clearTimeout(clears.get(key));
      clears.set(
        key,
        setTimeout(() => {
          clears.delete(key);
          clearDraft(key);
        }, clearMs),
      );
    },
    cancel,
    /** Stop every timer (the composer is going away after a flush). */
    dispose() {
      cancel();
      for (const t of clears.values()) clearTimeout(t);
      clears.clear();
    },
  };
}

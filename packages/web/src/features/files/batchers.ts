import {
  FILE_DELETE_DEBOUNCE_MS,
  UPLOAD_ERROR_BATCH_MS,
  UPLOAD_SLOW_BASE_MS,
  UPLOAD_SLOW_PER_MB_MS,
} from '@parley/schema';

/** When a slow upload warns: 5000 ms plus 2000 ms per whole MB (doc 1 §9; MB as 10^6 bytes, as LibreChat). */
export function slowUploadDelay(bytes: number): number {
  return UPLOAD_SLOW_BASE_MS + Math.floor(bytes / 1_000_000) * UPLOAD_SLOW_PER_MB_MS;
}

/**
 * Collects upload errors that arrive within 250 ms and hands them over once, so a drop of five
 * bad files shows one toast with a list instead of five toasts (doc 1 §6, §9).
 */
export function createErrorBatcher(show: (messages: string[]) => void, windowMs = UPLOAD_ERROR_BATCH_MS) {
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    push(message: string) {
      // The same words twice in one toast say nothing more.
      if (!pending.includes(message)) pending.push(message);
      if (timer === undefined)
        timer = setTimeout(() => {
          timer = undefined;
          const messages = pending;
          pending = [];
          show(messages);
        }, windowMs);
    },
  };
}

/**
 * Batches file deletions: each request restarts a 1 s timer, and when it runs out the whole batch
 * goes in one DELETE (doc 1 §4, §9). Removing chips one after another costs one request.
 */
export function createDeleteBatcher<T extends { file_id: string }>(
  send: (files: T[]) => Promise<unknown>,
  delayMs = FILE_DELETE_DEBOUNCE_MS,
) {
  const pending = new Map<string, T>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const files = [...pending.values()];
    pending.clear();
    void send(files).catch(() => {
      // A failed clean-up leaves the file in the Files panel, where the user can delete it.
    });
  };
  return {
    queue(file: T) {
      pending.set(file.file_id, file);
      clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    /** Send what waits now (the page is being left). */
    flush,
    get size() {
      return pending.size;
    },
  };
}

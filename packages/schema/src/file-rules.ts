import type { EndpointFileConfig, FileConfig } from './files.ts';

/**
 * The file constants, rule texts and lookups the composer needs on /chat/new, kept apart from
 * files.ts and errors.ts: those build zod schemas at load, and importing one value from them
 * put zod on the chat's critical path (+36 KB gzip, measured with bench:ui).
 */

// ── Constants (doc 1 §4, §9; doc 3 §9) ──────────────────────────────────────────────────────────

/** Upload progress steps (doc 1 §4). */
export const UPLOAD_PROGRESS = { started: 0.2, imageMeasured: 0.6, uploaded: 0.9, done: 1 } as const;
/** After success the progress reaches 1 this long after 0.9 (doc 1 §4). */
export const UPLOAD_DONE_DELAY_MS = 300;
/** A slow upload warns after 5000 ms plus 2000 ms per MB (doc 1 §9). */
export const UPLOAD_SLOW_BASE_MS = 5000;
export const UPLOAD_SLOW_PER_MB_MS = 2000;
/** The slow-upload warning (com_ui_upload_delay) stays 10 s (doc 1 §6). */
export const UPLOAD_SLOW_TOAST_MS = 10_000;
/** Upload errors within this window are shown together, as a list, for 5 s (doc 1 §6, §9). */
export const UPLOAD_ERROR_BATCH_MS = 250;
export const UPLOAD_ERROR_TOAST_MS = 5000;
/** File deletions are batched and sent once no other comes for 1 s (doc 1 §4, §9). */
export const FILE_DELETE_DEBOUNCE_MS = 1000;
/** Files panel rows per page (doc 3 §9). */
export const FILES_PANEL_PAGE_SIZE = 10;
/** GET /api/files page size bounds. */
export const FILES_PAGE_SIZE = 25;
export const FILES_PAGE_MAX = 100;

// ── Upload rule texts (doc 1 §5; LibreChat's words). ERRORS uses them; `{n}` etc. are filled in. ──

export const FILE_RULE_TEXT = {
  limit: 'You can only upload up to {n} files at a time.',
  typeUnknown: 'Unable to determine file type for: {filename}',
  unsupportedType: 'Currently, unsupported file type: {type}',
  tooLarge: 'File size exceeds {n} MB.',
  totalTooLarge: 'The total size of the files cannot exceed {n} MB.',
} as const;

/** A rule text with its `{name}` slots filled. */
export function fileRuleText(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (slot, name: string) => (name in vars ? String(vars[name]) : slot));
}

/** The endpoint's rules: its own entry, else `default`. */
export function endpointFileConfig(
  config: FileConfig,
  endpoint: string | null | undefined,
): EndpointFileConfig {
  return (endpoint ? config.endpoints[endpoint] : undefined) ?? config.endpoints.default;
}

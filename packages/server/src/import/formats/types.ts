import type { ContentPart, MessageFile } from '@parley/schema';

/** One message as read from an export, before it gets new ids. */
export interface ImportedMessage {
  /** The message's id in the file (unique within its conversation). */
  sourceId: string;
  /** The parent's id in the file; null for a root message. */
  parentSourceId: string | null;
  sender: string;
  text: string;
  content?: ContentPart[] | null;
  /** Files shown with the message. */
  files?: MessageFile[] | null;
  isCreatedByUser: boolean;
  error?: boolean;
  unfinished?: boolean;
  endpoint?: string | null;
  model?: string | null;
  finishReason?: string | null;
  /** UTC ms; null when the file does not say. */
  createdAt: number | null;
}

export interface ImportedConversation {
  title: string;
  endpoint: string | null;
  model: string | null;
  parameters?: Record<string, unknown> | null;
  createdAt: number | null;
  updatedAt: number | null;
  messages: ImportedMessage[];
}

export type ImportFormat = 'parley' | 'chatgpt' | 'claude' | 'chatbot-ui';

/** A recognised file: how many conversations it holds and a lazy walk over them. */
export interface ImportSource {
  format: ImportFormat;
  total: number;
  conversations(): Iterable<ImportedConversation>;
}

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Latest time an export may carry (the JavaScript Date range): beyond it the value is junk. */
const MAX_TIME_MS = 8.64e15;

/** A time from an export: ISO text, ms, or (with `seconds`) Unix seconds as ChatGPT writes them. */
export function toMs(v: unknown, seconds = false): number | null {
  let ms: number | null = null;
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) ms = Math.round(seconds ? v * 1000 : v);
  else if (typeof v === 'string' && v) {
    const n = Date.parse(v);
    ms = Number.isNaN(n) ? null : n;
  }
  // Out of range: the caller falls back (e.g. to the parent's time) instead of failing a batch.
  return ms !== null && ms > 0 && ms <= MAX_TIME_MS ? ms : null;
}

/**
 * The nearest kept ancestor of a node whose own parent may have been skipped (system prompts,
 * hidden tool nodes): children of a skipped node hang from the node above it.
 */
export function keptAncestor(
  parentOf: (id: string) => string | null | undefined,
  kept: ReadonlySet<string>,
  start: string | null | undefined,
): string | null {
  const seen = new Set<string>();
  let id = start;
  while (id && !seen.has(id)) {
    if (kept.has(id)) return id;
    seen.add(id);
    id = parentOf(id);
  }
  return null;
}

/** Earliest and latest of some times (no spread: a long thread would overflow the stack). */
export function span(times: Iterable<number | null>): { min: number | null; max: number | null } {
  let min: number | null = null;
  let max: number | null = null;
  for (const t of times) {
    if (t === null) continue;
    if (min === null || t < min) min = t;
    if (max === null || t > max) max = t;
  }
  return { min, max };
}

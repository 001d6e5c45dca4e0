import { z } from 'zod';

/** Message search (GET /api/messages?search=…; doc 1 §4 "Search", doc 3 §2 "Search screen"). */
export const SEARCH_PAGE_SIZE = 25;
export const SEARCH_PAGE_MAX = 100;
export const SEARCH_QUERY_MAX = 200;
/** At most this many words of a query are used (each matches as a prefix). */
export const SEARCH_TERMS_MAX = 12;
/** Message search results stay fresh this long (doc 3 §9). */
export const SEARCH_STALE_MS = 30_000;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Lower-case, accents removed: how both the client and the index compare words. */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The words of a search query, as the server matches them (every word, as a prefix) and the
 * client highlights them. Punctuation separates words; nothing else of the query reaches SQL.
 */
export function searchTerms(query: string): string[] {
  const out: string[] = [];
  for (const m of query.matchAll(WORD)) {
    const word = m[0].toLowerCase();
    if (!out.includes(word)) out.push(word);
    if (out.length === SEARCH_TERMS_MAX) break;
  }
  return out;
}

export const MessageSearchQuery = z.object({
  search: z.string().trim().min(1).max(SEARCH_QUERY_MAX),
  cursor: z.string().max(512).optional(),
  pageSize: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(SEARCH_PAGE_SIZE),
});
export type MessageSearchQuery = z.infer<typeof MessageSearchQuery>;

/** One hit: the message, enriched with its conversation's title (LibreChat's shape). */
export const MessageSearchHit = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  parentMessageId: z.string(),
  text: z.string(),
  sender: z.string(),
  isCreatedByUser: z.boolean(),
  endpoint: z.string().nullable(),
  model: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The conversation's title. */
  title: z.string(),
  /** The conversation is archived (archived chats stay searchable, as in LibreChat). */
  isArchived: z.boolean(),
  /** Found by the conversation's title: the hit is that conversation's first message. */
  titleMatch: z.boolean(),
});
export type MessageSearchHit = z.infer<typeof MessageSearchHit>;

export const MessageSearchResponse = z.object({
  messages: z.array(MessageSearchHit),
  nextCursor: z.string().nullable(),
});
export type MessageSearchResponse = z.infer<typeof MessageSearchResponse>;

import { NEW_CONVO, PENDING_CONVO, SEARCH_CONVO } from '@parley/schema';
import { preloadMessages } from '../api/messages.ts';
import { messageListChunk } from '../features/chat/message-list-chunk.ts';
import { shellRoutesChunk } from './router.tsx';

/** The conversation a chat address opens (`/chat/{id}`, legacy `/c/{id}`), if any. */
export function conversationIdOf(pathname: string): string | null {
  const match = /^\/(?:chat|c)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  const id = decodeURIComponent(match[1]);
  return id === NEW_CONVO || id === PENDING_CONVO || id === SEARCH_CONVO ? null : id;
}

/**
 * A cold load of a chat address waits on a chain: session refresh → shell chunk → first render →
 * messages request → message list chunk → paint. Start the chunks with the refresh and the
 * messages request as soon as there is a session, so the chain's steps overlap.
 */
export function startEarlyLoads(pathname: string): void {
  if (!/^\/(chat|c|search)(\/|$)/.test(pathname)) return;
  void shellRoutesChunk.preload();
  if (conversationIdOf(pathname)) void messageListChunk.preload();
}

/** Once signed in: fetch the opened conversation's messages while React is still booting. */
export function startEarlyFetches(pathname: string): void {
  const id = conversationIdOf(pathname);
  if (id) preloadMessages(id);
}

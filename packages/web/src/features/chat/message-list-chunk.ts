import { preloadable } from '../../lib/preloadable.tsx';

/** The message list and its markdown stack: a chunk of its own, loaded once a chat has messages. */
export const messageListChunk = preloadable(() => import('./components/message-list.tsx'));

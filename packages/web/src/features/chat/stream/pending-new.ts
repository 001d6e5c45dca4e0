import { readJson, removeKey, writeJson } from '../../../lib/storage.ts';

/**
 * A new chat keeps the /chat/new URL until its first reply completes, so a reload in between must
 * find the running generation again: remember it for this tab (sessionStorage).
 */
const KEY = 'parley:pendingNewStream';

export type PendingNewStream = { streamId: string; conversationId: string; at: number };

export function rememberPendingNew(streamId: string, conversationId: string): void {
  writeJson(KEY, { streamId, conversationId, at: Date.now() } satisfies PendingNewStream, 'session');
}

export function readPendingNew(): PendingNewStream | null {
  const value = readJson<PendingNewStream>(KEY, 'session');
  return value && typeof value.streamId === 'string' && typeof value.conversationId === 'string'
    ? value
    : null;
}

export function forgetPendingNew(conversationId?: string): void {
  if (conversationId) {
    const current = readPendingNew();
    if (current && current.conversationId !== conversationId) return;
  }
  removeKey(KEY, 'session');
}

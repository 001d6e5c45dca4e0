import { createHmac } from 'node:crypto';

/**
 * The sandbox session of one user's conversation: every run in it (the run button's and the
 * agent's execute_code) sees the files earlier runs left. The id is an HMAC of the user and the
 * conversation under a server secret: stable without being stored, and unguessable, so knowing a
 * conversation id never names its session. 43 characters of base64url, within the executor's
 * session id rule.
 */
export function conversationSessionId(key: string, userId: string, conversationId: string): string {
  return createHmac('sha256', key).update(`${userId}\n${conversationId}`).digest('base64url');
}

/**
 * Runs of one session one after another: the executor tells a run's files apart by comparing the
 * directory before and after, so two runs at once in one directory would swap their files.
 */
export function serialBySession() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(sessionId: string, fn: () => Promise<T>): Promise<T> => {
    const before = tails.get(sessionId) ?? Promise.resolve();
    const mine = before.then(fn, fn);
    const tail = mine.catch(() => {});
    tails.set(sessionId, tail);
    try {
      return await mine;
    } finally {
      // The last in line leaves no entry behind.
      if (tails.get(sessionId) === tail) tails.delete(sessionId);
    }
  };
}

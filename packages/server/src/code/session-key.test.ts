import { mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conversationSessionId, serialBySession } from './session-key.ts';
import { removeIdleSessions } from './workdir.ts';

describe('conversation sessions', () => {
  it('one id per user and conversation, valid as a session id, different under another key', () => {
    const id = conversationSessionId('k', 'user-1', 'convo-1');
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(conversationSessionId('k', 'user-1', 'convo-1')).toBe(id);
    expect(conversationSessionId('k', 'user-2', 'convo-1')).not.toBe(id);
    expect(conversationSessionId('k', 'user-1', 'convo-2')).not.toBe(id);
    expect(conversationSessionId('other', 'user-1', 'convo-1')).not.toBe(id);
  });

  it("runs one session's calls one after another, other sessions alongside, past a failure", async () => {
    const serial = serialBySession();
    const log: string[] = [];
    const step =
      (name: string, ms: number, fail = false) =>
      async () => {
        log.push(`${name} start`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      serial('a', step('a1', 30, true)),
      serial('a', step('a2', 1)),
      serial('b', step('b1', 5)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });

  it('the sweep removes only sessions idle longer than the limit', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'parley-sweep-'));
    try {
      const now = Date.now();
      for (const [name, ageMs] of [
        ['old', 2 * 3600_000],
        ['fresh', 60_000],
      ] as const) {
        await mkdir(path.join(root, name, 'inner'), { recursive: true });
        const at = new Date(now - ageMs);
        await utimes(path.join(root, name), at, at);
      }
      expect(await removeIdleSessions(root, 3600_000, now)).toBe(1);
      expect(await readdir(root)).toEqual(['fresh']);
      expect(await removeIdleSessions(path.join(root, 'missing'), 1)).toBe(0);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

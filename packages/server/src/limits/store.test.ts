import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { envNumber, loadLimits } from '../config/limits.ts';
import { redisStore } from './redis-store.ts';
import { type LimitStore, memoryStore } from './store.ts';

const prefix = `parley-store-test-${randomUUID()}:`;
const raw = new Redis('redis://127.0.0.1:6379');

/** A store, and a way to let time pass for one of its keys without waiting. */
interface Subject {
  store: LimitStore;
  /** Move a window's recorded events, or a ban's end, `ms` into the past. */
  age(key: string, ms: number): Promise<void>;
}

const subjects: [string, () => Subject][] = [
  [
    'memory',
    () => {
      // The memory store reads its clock: running it ahead ages everything it holds.
      let ahead = 0;
      return {
        store: memoryStore(() => Date.now() + ahead),
        age: async (_key, ms) => {
          ahead += ms;
        },
      };
    },
  ],
  [
    'redis',
    () => ({
      store: redisStore('redis://127.0.0.1:6379', prefix),
      // Redis windows use Redis's own clock, so the stored times are moved instead.
      async age(key, ms) {
        const k = `${prefix}${key}`;
        if ((await raw.type(k)) === 'zset') {
          const flat = await raw.zrange(k, '0', '-1', 'WITHSCORES');
          for (let i = 0; i < flat.length; i += 2)
            await raw.zadd(k, 'XX', String(Number(flat[i + 1]) - ms), flat[i]);
        } else {
          await raw.set(k, String(Number(await raw.get(k)) - ms), 'KEEPTTL');
        }
      },
    }),
  ],
];

afterAll(async () => {
  const keys = await raw.keys(`${prefix}*`);
  if (keys.length) await raw.del(...keys);
  await raw.quit();
});

describe.each(subjects)('%s limit store', (_name, make) => {
  it('allows max events per sliding window, does not count refusals, and frees slots as they age', async () => {
    const { store, age } = make();
    try {
      const key = `w:${randomUUID()}`;
      const minute = 60_000;
      expect(await store.hit(key, 2, minute)).toBe(true);
      await age(key, 40_000);
      expect(await store.hit(key, 2, minute)).toBe(true);
      expect(await store.hit(key, 2, minute)).toBe(false);
      expect(await store.hit(`other:${key}`, 2, minute)).toBe(true);
      // The first event leaves the window; the second is still in it, so one slot opens.
      await age(key, 30_000);
      expect(await store.hit(key, 2, minute)).toBe(true);
      expect(await store.hit(key, 2, minute)).toBe(false);
    } finally {
      await store.close();
    }
  });

  it('adds up scores and keeps the longer of two bans', async () => {
    const { store, age } = make();
    try {
      const key = `s:${randomUUID()}`;
      expect(await store.addScore(key, 1, 60_000)).toEqual({ before: 0, after: 1 });
      expect(await store.addScore(key, 2, 60_000)).toEqual({ before: 1, after: 3 });
      const ban = `b:${randomUUID()}`;
      expect(await store.bannedUntil(ban)).toBeNull();
      const long = Date.now() + 60_000;
      await store.ban(ban, long);
      await store.ban(ban, Date.now() + 1000);
      expect(await store.bannedUntil(ban)).toBe(long);
      const short = `${ban}:short`;
      await store.ban(short, Date.now() + 10_000);
      expect(await store.bannedUntil(short)).not.toBeNull();
      await age(short, 20_000);
      expect(await store.bannedUntil(short)).toBeNull();
    } finally {
      await store.close();
    }
  });
});

describe('limits config', () => {
  it("uses LibreChat's defaults and names", () => {
    const limits = loadLimits({});
    expect(limits.limiters.login).toEqual({ ip: { max: 7, windowMs: 300_000 }, user: null, score: 1 });
    expect(limits.limiters.register.ip).toEqual({ max: 5, windowMs: 3_600_000 });
    expect(limits.limiters.resetPasswordSubmission.ip).toEqual({ max: 2, windowMs: 120_000 });
    expect(limits.limiters.message).toMatchObject({ ip: { max: 40, windowMs: 60_000 }, user: null });
    expect(limits.limiters.import).toEqual({
      ip: { max: 100, windowMs: 900_000 },
      user: { max: 50, windowMs: 900_000 },
      score: 0,
    });
    expect(limits.limiters.fork.user).toEqual({ max: 7, windowMs: 60_000 });
    expect(limits.limiters.tts.user).toEqual({ max: 50, windowMs: 60_000 });
    expect(limits.concurrentMessageMax).toBe(2);
    expect(limits.ban).toEqual({ enabled: true, interval: 20, durationMs: 7_200_000 });
  });

  it('reads products like LibreChat’s BAN_DURATION=1000 * 60 * 60 * 2 and refuses junk', () => {
    expect(envNumber({ BAN_DURATION: '1000 * 60 * 60 * 2' }, 'BAN_DURATION', 0)).toBe(7_200_000);
    expect(envNumber({ LOGIN_WINDOW: '0.5' }, 'LOGIN_WINDOW', 5)).toBe(0.5);
    expect(() => envNumber({ LOGIN_MAX: 'many' }, 'LOGIN_MAX', 7)).toThrow('Invalid value for LOGIN_MAX');
    expect(loadLimits({ LIMIT_MESSAGE_USER: 'true', MESSAGE_USER_MAX: '3' }).limiters.message.user).toEqual({
      max: 3,
      windowMs: 60_000,
    });
    expect(loadLimits({ LIMIT_CONCURRENT_MESSAGES: 'false' }).concurrentMessageMax).toBeNull();
  });
});

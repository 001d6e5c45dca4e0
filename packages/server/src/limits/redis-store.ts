import { Redis } from 'ioredis';
import type { LimitStore } from './store.ts';

/**
 * Sliding window in a sorted set, trimmed, counted and added to atomically. The time is Redis's
 * own, so instances with skewed clocks still share one window.
 */
const HIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 1
`;

/** A ban only ever grows: the stored end is kept when it is later than the new one. */
const BAN = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local ends = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
if current >= ends or ttl <= 0 then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ttl)
return 1
`;

let sequence = 0;

/** Counters, scores and bans in Redis under `prefix` (REDIS_KEY_PREFIX), shared by every instance. */
export function redisStore(url: string, prefix: string, onError?: (err: Error) => void): LimitStore {
  // Commands fail after two retries (the request answers 500) instead of waiting for Redis forever.
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  redis.on('error', (err: Error) => onError?.(err));
  const k = (key: string) => `${prefix}${key}`;
  return {
    async hit(key, max, windowMs) {
      const member = `${Date.now()}:${process.pid}:${++sequence}:${Math.random()}`;
      return (await redis.eval(HIT, 1, k(key), Math.ceil(windowMs), max, member)) === 1;
    },
    async addScore(key, points, ttlMs) {
      const result = await redis.multi().incrbyfloat(k(key), points).pexpire(k(key), Math.ceil(ttlMs)).exec();
      const after = Number(result?.[0]?.[1] ?? points);
      return { before: after - points, after };
    },
    async ban(key, until) {
      await redis.eval(BAN, 1, k(key), until, Math.ceil(until - Date.now()));
    },
    async bannedUntil(key) {
      const value = await redis.get(k(key));
      const until = value === null ? null : Number(value);
      return until !== null && until > Date.now() ? until : null;
    },
    async close() {
      await redis.quit();
    },
  };
}

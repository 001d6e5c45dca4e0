/**
 * Where rate-limit counters, violation scores and IP bans live. In memory for one process; with
 * REDIS_URL the Redis store (redis-store.ts) lets several instances share them.
 */
export interface LimitStore {
  /**
   * Count one event for `key` when fewer than `max` happened in the last `windowMs` (a sliding
   * window); false when over the limit, and then the refused event is not counted.
   */
  hit(key: string, max: number, windowMs: number): Promise<boolean>;
  /** Add points to a score that lapses `ttlMs` after its last change; the totals before and after. */
  addScore(key: string, points: number, ttlMs: number): Promise<{ before: number; after: number }>;
  /** Mark `key` banned until `until` (epoch ms); an earlier end never shortens a longer ban. */
  ban(key: string, until: number): Promise<void>;
  /** The end of a running ban, or null. */
  bannedUntil(key: string): Promise<number | null>;
  close(): Promise<void>;
}

/** Sweep expired entries once a map grows past this many keys. */
const SWEEP_AT = 10_000;

export function memoryStore(now: () => number = Date.now): LimitStore {
  const events = new Map<string, { ts: number[]; windowMs: number }>();
  const scores = new Map<string, { points: number; expires: number }>();
  const bans = new Map<string, number>();

  const sweep = (t: number) => {
    if (events.size > SWEEP_AT)
      for (const [k, e] of events) if ((e.ts.at(-1) ?? 0) <= t - e.windowMs) events.delete(k);
    if (scores.size > SWEEP_AT) for (const [k, s] of scores) if (s.expires <= t) scores.delete(k);
    if (bans.size > SWEEP_AT) for (const [k, until] of bans) if (until <= t) bans.delete(k);
  };

  return {
    async hit(key, max, windowMs) {
      const t = now();
      const recent = (events.get(key)?.ts ?? []).filter((x) => x > t - windowMs);
      const allowed = recent.length < max;
      if (allowed) recent.push(t);
      events.set(key, { ts: recent, windowMs });
      sweep(t);
      return allowed;
    },
    async addScore(key, points, ttlMs) {
      const t = now();
      const current = scores.get(key);
      const before = current && current.expires > t ? current.points : 0;
      const after = before + points;
      scores.set(key, { points: after, expires: t + ttlMs });
      sweep(t);
      return { before, after };
    },
    async ban(key, until) {
      bans.set(key, Math.max(until, bans.get(key) ?? 0));
    },
    async bannedUntil(key) {
      const until = bans.get(key);
      return until !== undefined && until > now() ? until : null;
    },
    async close() {},
  };
}

/**
 * A sliding-window counter per key, in memory (one process; a Redis version can stand behind
 * the same shape). `hit` records an event and says whether it is within the limit.
 */
export function slidingWindow(max: number, windowMs: number) {
  const events = new Map<string, number[]>();
  return {
    hit(key: string, now = Date.now()): boolean {
      const recent = (events.get(key) ?? []).filter((t) => t > now - windowMs);
      if (recent.length >= max) {
        events.set(key, recent);
        return false;
      }
      recent.push(now);
      events.set(key, recent);
      // Keep the map from growing with keys that went quiet.
      if (events.size > 10_000) {
        for (const [k, ts] of events) if (ts[ts.length - 1] <= now - windowMs) events.delete(k);
      }
      return true;
    },
  };
}

/**
 * Titles being generated, by conversation, so GET /api/convos/gen_title can wait for one that is
 * still on its way (in memory: a title is a convenience, the stored title is the truth).
 */
export function titleTracker() {
  const pending = new Map<string, Promise<string | null>>();
  return {
    track(key: string, work: Promise<string | null>) {
      pending.set(key, work);
      work.finally(() => setTimeout(() => pending.delete(key), 60_000).unref());
    },
    get(key: string): Promise<string | null> | undefined {
      return pending.get(key);
    },
  };
}
export type TitleTracker = ReturnType<typeof titleTracker>;

/**
 * In-page recorders, installed before the app's scripts (Playwright addInitScript): an rAF frame
 * recorder, long-task and long-animation-frame observers, and a pass-through tap on the
 * POST /api/chat response that notes when the reply's last token arrived from the network.
 * Everything is on the page's performance.now() clock.
 */
export interface PageRecord {
  frames: number[];
  longTasks: { start: number; duration: number }[];
  loafs: { start: number; duration: number; scripts?: string[] }[];
  /** When the network delivered the chunk holding the end marker. */
  lastTokenAt: number | null;
  /** The first frame whose DOM shows the end marker in the last assistant message. */
  paintedAt: number | null;
  sentAt: number | null;
}

type ScriptTiming = {
  duration: number;
  invoker: string;
  sourceURL: string;
  sourceFunctionName: string;
  sourceCharPosition: number;
};

declare global {
  interface Window {
    __bench: PageRecord & { start(): void; stop(): void };
  }
}

/** Runs in the page. `marker` is the reply's last token; it arrives as one 4-character chunk. */
export function installProbes(marker: string) {
  const rec: PageRecord & { start(): void; stop(): void } = {
    frames: [],
    longTasks: [],
    loafs: [],
    lastTokenAt: null,
    paintedAt: null,
    sentAt: null,
    start() {
      rec.sentAt = performance.now();
      recording = true;
      requestAnimationFrame(frame);
    },
    stop() {
      recording = false;
    },
  };
  let recording = false;
  const lastAssistantText = () => {
    const all = document.querySelectorAll('[data-testid="message"][data-role="assistant"]');
    return all[all.length - 1]?.textContent ?? '';
  };
  const frame = (t: number) => {
    if (!recording) return;
    rec.frames.push(t);
    // Only look at the DOM once the marker is on the wire: reading a long message's text every
    // frame would itself cost main-thread time.
    if (rec.lastTokenAt !== null && rec.paintedAt === null && lastAssistantText().includes(marker))
      rec.paintedAt = performance.now();
    requestAnimationFrame(frame);
  };
  window.__bench = rec;

  for (const [type, list] of [
    ['longtask', rec.longTasks],
    ['long-animation-frame', rec.loafs],
  ] as const) {
    try {
      new PerformanceObserver((entries) => {
        for (const e of entries.getEntries()) {
          if (!recording) continue;
          // Long animation frames name the scripts that ran in them: kept for the slow ones.
          const scripts = (e as PerformanceEntry & { scripts?: ScriptTiming[] }).scripts
            ?.filter((s) => s.duration > 20)
            .map(
              (s) =>
                `${Math.round(s.duration)}ms ${s.invoker} ${s.sourceFunctionName}@${s.sourceURL.split('/').pop()}:${s.sourceCharPosition}`,
            );
          list.push({ start: e.startTime, duration: e.duration, ...(scripts?.length ? { scripts } : {}) });
        }
      }).observe({ type, buffered: false });
    } catch {
      // Not supported by this browser: the list stays empty and the report says so.
    }
  }

  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await originalFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!/\/api\/chat(\?|$)/.test(new URL(url, location.href).pathname) || !res.body) return res;
    const decoder = new TextDecoder();
    const tap = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (rec.lastTokenAt === null && decoder.decode(chunk, { stream: true }).includes(marker))
          rec.lastTokenAt = performance.now();
        controller.enqueue(chunk);
      },
    });
    return new Response(res.body.pipeThrough(tap), {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  };
}

/** Runs in the page: resolves true once the text `marker` is in the message list (polled per frame). */
export function markerShown(marker: string): boolean {
  const w = window as unknown as { __shownAt?: number };
  if (w.__shownAt !== undefined) return true;
  const list = document.querySelector('[data-testid="message-list"]');
  if (!list?.textContent?.includes(marker)) return false;
  w.__shownAt = performance.now();
  return true;
}

/** Runs in the page: the composer is on screen and accepts input. */
export function composerReady(): boolean {
  const w = window as unknown as { __readyAt?: number };
  if (w.__readyAt !== undefined) return true;
  const input = document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]');
  if (!input || input.disabled || input.readOnly) return false;
  w.__readyAt = performance.now();
  return true;
}

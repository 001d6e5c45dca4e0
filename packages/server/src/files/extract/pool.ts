import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { DecodedPixels } from './decode-heic.ts';
import { ExtractError } from './errors.ts';
import type { ExtractedText } from './extract-and-chunk.ts';
import { EXTRACT_MAX_HEAP_MB, EXTRACT_TIMEOUT_MS, EXTRACT_WORKERS } from './limits.ts';
import type { JobRequest, JobResults, ReadyMessage, WorkerJob, WorkerReply } from './worker.ts';

interface Pending {
  job: WorkerJob;
  resolve(out: JobResults[keyof JobResults]): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  /** Loaded and listening (start-up is not charged to a job's deadline). */
  ready: boolean;
  busy: Pending | null;
  timer?: NodeJS.Timeout;
}

export interface ExtractPoolOptions {
  size?: number;
  timeoutMs?: number;
  maxHeapMb?: number;
}

export interface ExtractPool {
  /**
   * A file's text, its token count and its chunks, all made off the request thread (the caller uses
   * them as they are); an ExtractError when the file cannot be read.
   */
  extract(bytes: Uint8Array, mimeType: string): Promise<ExtractedText>;
  /**
   * A HEIC/HEIF image's pixels (decode-heic.ts), decoded off the request thread under the same
   * deadline; an ExtractError when it cannot be read or declares more than `maxPixels`.
   */
  decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<DecodedPixels>;
  /** Threads started so far (replacements included): for tests and monitoring. */
  threadsStarted(): number;
  close(): Promise<void>;
}

/**
 * The worker's entry: `extract-worker.js` beside the bundled server (scripts/build.mjs builds it);
 * from TypeScript sources (tests, tsx) the thread first registers tsx, then imports worker.ts
 * (Node 20 does not apply a worker's `--import` loader to its entry).
 */
function newWorker(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./extract-worker.js', import.meta.url), options);
  const entry = new URL('./worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * A small pool of extraction threads. Parsers, OCR, token counting, chunking and HEIC decoding are
 * CPU-heavy and some run synchronously for seconds, so they never run on the request thread. Each
 * job has a deadline: a thread past it (a hang, a pathological file) is ended and replaced, and so
 * is one that dies (heap cap, crash) or asks to be ended after its job (`retire`: it loaded the
 * HEIC decoder, whose memory is never given back).
 */
export function extractPool(opts: ExtractPoolOptions = {}): ExtractPool {
  const size = opts.size ?? EXTRACT_WORKERS;
  const timeoutMs = opts.timeoutMs ?? EXTRACT_TIMEOUT_MS;
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let started = 0;
  let closed = false;

  const release = (slot: Slot) => {
    clearTimeout(slot.timer);
    slot.busy = null;
    slot.worker.unref();
    pump();
  };

  /** End a thread that did its job but should not take another; the next job starts a fresh one. */
  const end = (slot: Slot) => {
    clearTimeout(slot.timer);
    slots.splice(slots.indexOf(slot), 1);
    slot.busy = null;
    void slot.worker.terminate();
    pump();
  };

  const retire = (slot: Slot, err: ExtractError) => {
    // A thread that died while loading fails the next job rather than being respawned forever.
    const pending = slot.busy ?? (slot.ready ? null : (queue.shift() ?? null));
    clearTimeout(slot.timer);
    slots.splice(slots.indexOf(slot), 1);
    slot.busy = null;
    void slot.worker.terminate();
    pending?.reject(err);
    pump();
  };

  const spawn = (): Slot => {
    const worker = newWorker({
      resourceLimits: { maxOldGenerationSizeMb: opts.maxHeapMb ?? EXTRACT_MAX_HEAP_MB },
      stdout: true,
      stderr: true,
    });
    const slot: Slot = { worker, ready: false, busy: null };
    started++;
    worker.on('message', (reply: WorkerReply | ReadyMessage) => {
      if ('ready' in reply) {
        slot.ready = true;
        pump();
        return;
      }
      const pending = slot.busy;
      if (!pending || reply.id !== pending.job.id) return;
      if (reply.retire) end(slot);
      else release(slot);
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(new ExtractError(reply.reason));
    });
    worker.on('error', (err) => {
      if (slots.includes(slot)) retire(slot, new ExtractError(`extraction thread failed: ${err.message}`));
    });
    worker.on('exit', (code) => {
      if (slots.includes(slot)) retire(slot, new ExtractError(`extraction thread exited (${code})`));
    });
    // Library chatter (pdf.js warnings) is dropped; failures come back as replies.
    worker.stdout.resume();
    worker.stderr.resume();
    slots.push(slot);
    return slot;
  };

  function pump() {
    while (queue.length > 0 && !closed) {
      const slot = slots.find((s) => s.ready && !s.busy);
      if (!slot) {
        // Start threads for the waiting jobs, up to the pool's size; pump runs again when one is ready.
        let starting = slots.filter((s) => !s.ready).length;
        while (slots.length < size && starting < queue.length) {
          spawn();
          starting++;
        }
        return;
      }
      const pending = queue.shift()!;
      slot.busy = pending;
      slot.worker.ref();
      slot.timer = setTimeout(
        () => retire(slot, new ExtractError(`timed out after ${timeoutMs} ms`)),
        timeoutMs,
      );
      slot.worker.postMessage(pending.job);
    }
  }

  const submit = (request: JobRequest): Promise<JobResults[keyof JobResults]> => {
    if (closed) return Promise.reject(new ExtractError('extraction is shut down'));
    return new Promise((resolve, reject) => {
      queue.push({ job: { ...request, id: nextId++ }, resolve, reject });
      pump();
    });
  };

  return {
    extract: (bytes, mimeType) => submit({ kind: 'extract', bytes, mimeType }) as Promise<ExtractedText>,
    decodeHeic: (bytes, maxPixels) =>
      submit({ kind: 'decode-heic', bytes, maxPixels }) as Promise<DecodedPixels>,
    threadsStarted: () => started,
    async close() {
      closed = true;
      for (const p of queue.splice(0)) p.reject(new ExtractError('extraction is shut down'));
      const all = slots.splice(0);
      for (const s of all) {
        clearTimeout(s.timer);
        s.busy?.reject(new ExtractError('extraction is shut down'));
      }
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}

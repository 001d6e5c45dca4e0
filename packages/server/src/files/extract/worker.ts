import { parentPort, type TransferListItem } from 'node:worker_threads';
import { type DecodedPixels, decodeHeic, heicDecoderLoaded } from './decode-heic.ts';
import { ExtractError } from './errors.ts';
import { type ExtractedText, extractAndChunk } from './extract-and-chunk.ts';

/**
 * Extraction thread: one job at a time from the pool (pool.ts), answered by id: a document's text,
 * token count and chunks, or a HEIC image's pixels.
 */
export type JobRequest =
  | { kind: 'extract'; bytes: Uint8Array; mimeType: string }
  | { kind: 'decode-heic'; bytes: Uint8Array; maxPixels: number };
export type WorkerJob = JobRequest & { id: number };

/** What each kind of job answers. */
export interface JobResults {
  extract: ExtractedText;
  'decode-heic': DecodedPixels;
}

export type WorkerReply =
  | {
      id: number;
      ok: true;
      result: JobResults[keyof JobResults];
      /** End this thread after the job: it holds memory it cannot give back (decode-heic.ts). */
      retire: boolean;
    }
  | { id: number; ok: false; reason: string; retire: boolean };

/** Sent once the thread has loaded: a job's deadline starts when it is handed to a ready thread. */
export interface ReadyMessage {
  ready: true;
}

async function run(
  job: WorkerJob,
): Promise<{ result: JobResults[keyof JobResults]; transfer: TransferListItem[] }> {
  if (job.kind === 'decode-heic') {
    const pixels = await decodeHeic(job.bytes, job.maxPixels);
    // Moved, not copied: a 12 MP photo is 48 MB of pixels.
    return { result: pixels, transfer: [pixels.data.buffer] };
  }
  return { result: await extractAndChunk(job.bytes, job.mimeType), transfer: [] };
}

const port = parentPort;
if (port) {
  port.on('message', async (job: WorkerJob) => {
    try {
      const { result, transfer } = await run(job);
      port.postMessage(
        { id: job.id, ok: true, result, retire: heicDecoderLoaded() } satisfies WorkerReply,
        transfer,
      );
    } catch (err) {
      const reason =
        err instanceof ExtractError ? err.reason : err instanceof Error ? err.message : String(err);
      port.postMessage({ id: job.id, ok: false, reason, retire: heicDecoderLoaded() } satisfies WorkerReply);
    }
  });
  port.postMessage({ ready: true } satisfies ReadyMessage);
}

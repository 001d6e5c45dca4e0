import { parentPort } from 'node:worker_threads';
import { ExtractError } from './errors.ts';
import { type ExtractedText, extractAndChunk } from './extract-and-chunk.ts';

/**
 * Extraction thread: one job at a time from the pool (pool.ts), answered by id with the text, its
 * token count and its chunks.
 */
export interface ExtractJob {
  id: number;
  bytes: Uint8Array;
  mimeType: string;
}

export type ExtractReply =
  | { id: number; ok: true; result: ExtractedText }
  | { id: number; ok: false; reason: string };

/** Sent once the thread has loaded: a job's deadline starts when it is handed to a ready thread. */
export interface ReadyMessage {
  ready: true;
}

const port = parentPort;
if (port) {
  port.on('message', async (job: ExtractJob) => {
    try {
      const result = await extractAndChunk(job.bytes, job.mimeType);
      port.postMessage({ id: job.id, ok: true, result } satisfies ExtractReply);
    } catch (err) {
      const reason =
        err instanceof ExtractError ? err.reason : err instanceof Error ? err.message : String(err);
      port.postMessage({ id: job.id, ok: false, reason } satisfies ExtractReply);
    }
  });
  port.postMessage({ ready: true } satisfies ReadyMessage);
}

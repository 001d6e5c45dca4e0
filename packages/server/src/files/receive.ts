import { Readable } from 'node:stream';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { AppError } from '../errors.ts';
import { TEXT_SNIFF_BYTES } from './detect-type.ts';
import type { FileStorage } from './storage.ts';

/** A byte cap while streaming, and the error that refusing at it answers. */
export interface ByteCap {
  /** The most bytes allowed. */
  max: number;
  error: () => AppError;
}

/** The file part as stored, before any check of its type. */
export interface ReceivedFile {
  key: string;
  bytes: number;
  /** The first TEXT_SNIFF_BYTES, for the text check. */
  head: Buffer;
  /** The name the client gave, as sent. */
  filename: string;
}

/**
 * The part's bytes on their way to storage, counted, with the head kept: the first byte over the
 * smallest cap fails the stream, and leaving the loop stops reading the upload there. A generator
 * reads nothing until storage pulls, so no byte flows before storage is ready for the error.
 */
async function* capped(
  source: AsyncIterable<Buffer>,
  caps: ByteCap[],
  seen: { bytes: number; head: Buffer[] },
) {
  let headBytes = 0;
  for await (const chunk of source) {
    seen.bytes += chunk.length;
    const over = caps.find((c) => seen.bytes > c.max);
    if (over) throw over.error();
    if (headBytes < TEXT_SNIFF_BYTES) {
      const take = Buffer.from(chunk.subarray(0, TEXT_SNIFF_BYTES - headBytes));
      seen.head.push(take);
      headBytes += take.length;
    }
    yield chunk;
  }
}

type Part = MultipartFile | MultipartValue;

/**
 * Read an upload's parts in any order: fields into a record, the `file` part streamed to storage
 * under `key` (never held in memory). `capsFor` is asked for the caps when the file part starts,
 * with the fields seen so far (an endpoint sent before the file lets its limit stop the stream).
 */
export async function receiveParts(
  parts: AsyncIterable<Part>,
  storage: FileStorage,
  key: string,
  capsFor: (fieldsSoFar: Record<string, string>) => ByteCap[],
): Promise<{ fields: Record<string, string>; file: ReceivedFile | null }> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        // Another file field: drain it so the fields after it can still be read.
        part.file.resume();
        continue;
      }
      const seen = { bytes: 0, head: [] as Buffer[] };
      // One piece read ahead: Readable.from's default would queue 16 pieces (16 MB) in memory.
      const stream = Readable.from(capped(part.file, capsFor(fields), seen), { highWaterMark: 1 });
      const bytes = await storage.write(key, stream);
      // @fastify/multipart's own fileSize limit is only a backstop (set above every cap).
      if (part.file.truncated) throw capsFor(fields)[0].error();
      file = { key, bytes, head: Buffer.concat(seen.head), filename: part.filename };
    }
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
  return { fields, file };
}

import { Transform, type TransformCallback } from 'node:stream';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { AppError } from '../errors.ts';
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
 * Counts bytes on their way to storage, keeps the head, and fails the stream at the first byte
 * over the smallest cap: the upload stops being read there, and storage drops what it had.
 */
class CappedCounter extends Transform {
  bytes = 0;
  private readonly headChunks: Buffer[] = [];
  private headBytes = 0;

  constructor(private readonly caps: ByteCap[]) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    const over = this.caps.find((c) => this.bytes > c.max);
    if (over) return done(over.error());
    if (this.headBytes < TEXT_SNIFF_BYTES) {
      const take = chunk.subarray(0, TEXT_SNIFF_BYTES - this.headBytes);
      this.headChunks.push(Buffer.from(take));
      this.headBytes += take.length;
    }
    done(null, chunk);
  }

  get head(): Buffer {
    return Buffer.concat(this.headChunks);
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
      const counter = new CappedCounter(capsFor(fields));
      const bytes = await storage.write(key, part.file.pipe(counter));
      // @fastify/multipart's own fileSize limit is only a backstop (set above every cap).
      if (part.file.truncated) throw capsFor(fields)[0].error();
      file = { key, bytes, head: counter.head, filename: part.filename };
    }
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
  return { fields, file };
}

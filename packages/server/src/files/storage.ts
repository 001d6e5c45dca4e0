import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where file bytes live (issue 14). Keys are made by the server from ids only (`storageKey`),
 * never from a client's name, so no key can reach outside the store. One implementation today:
 * the local disk under DATA_DIR/files (S3 was left out: docs/decisions.md, Files).
 */
/** Bytes buffered per storage write call (the upload streams through in pieces of this size). */
const WRITE_CHUNK_BYTES = 1024 * 1024;

export interface FileStorage {
  /** Store a stream under `key`; answers the bytes written. A failed write leaves nothing behind. */
  write(key: string, data: Readable): Promise<number>;
  /** The bytes of `key`, or of the inclusive byte range `start`–`end`. */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** Stored size, or null when there is no such key. */
  size(key: string): Promise<number | null>;
  /** Remove one file; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Remove every file of a user (account deletion). */
  deleteUser(userId: string): Promise<void>;
}

/** Ids the server made (UUIDs, or hex); anything else cannot become a path segment. */
const ID = /^[0-9a-zA-Z][0-9a-zA-Z_-]{0,63}$/;

/** A file's key: `<userId>/<fileId>`, plus a variant suffix (e.g. `raw` while an image is normalised). */
export function storageKey(userId: string, fileId: string, variant?: string): string {
  for (const id of [userId, fileId, ...(variant ? [variant] : [])]) {
    if (!ID.test(id)) throw new Error(`Invalid id for a storage key: ${JSON.stringify(id)}`);
  }
  return variant ? `${userId}/${fileId}.${variant}` : `${userId}/${fileId}`;
}

const KEY = /^[0-9a-zA-Z][0-9a-zA-Z_-]{0,63}\/[0-9a-zA-Z][0-9a-zA-Z_-]{0,63}(\.[0-9a-zA-Z_-]{1,64})?$/;

/** Files under `<dataDir>/files/<userId>/<fileId>`, written to a temporary name and renamed when complete. */
export function localFileStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'files');
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return path.join(root, key);
  };
  const userDir = (userId: string) => {
    if (!ID.test(userId)) throw new Error(`Invalid user id for storage: ${JSON.stringify(userId)}`);
    return path.join(root, userId);
  };

  return {
    async write(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // A reader never sees half a file, and a failed upload leaves only a temporary name to remove.
      const partial = `${file}.part-${randomBytes(6).toString('hex')}`;
      // flush: the bytes are on disk before the file's row says they exist.
      // Writes of up to WRITE_CHUNK_BYTES: fewer, larger write calls than the 16 KB default.
      const out = createWriteStream(partial, { mode: 0o600, flush: true, highWaterMark: WRITE_CHUNK_BYTES });
      try {
        await pipeline(data, out);
        await rename(partial, file);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
      return out.bytesWritten;
    },

    read(key, range) {
      return createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : undefined);
    },

    async size(key) {
      const s = await stat(fileOf(key)).catch(() => null);
      return s?.isFile() ? s.size : null;
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },

    async deleteUser(userId) {
      await rm(userDir(userId), { recursive: true, force: true });
    },
  };
}

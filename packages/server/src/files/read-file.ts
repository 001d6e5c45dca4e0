import type { Readable } from 'node:stream';
import type { FilesRepo } from '../db/repos/files.ts';
import type { FilesTable } from '../db/schema.ts';
import type { FileStorage } from './storage.ts';

export interface OwnedFile {
  row: FilesTable;
  /** The stored bytes from the start (a fresh stream per call). */
  open(): Readable;
}

/**
 * The user's files among `fileIds` with a way to read each one's bytes: what the chat (attached
 * files, images for vision models) and agents' tools (file_search, execute_code inputs) use. Ids
 * that are not the user's are left out, exactly as unknown ones (DESIGN §9).
 */
export async function openOwnedFiles(
  deps: { files: FilesRepo; storage: FileStorage },
  userId: string,
  fileIds: readonly string[],
): Promise<OwnedFile[]> {
  const rows = await deps.files.getOwned(userId, fileIds);
  return rows.map((row) => ({ row, open: () => deps.storage.read(row.storage_key) }));
}

/** All of a stream's bytes, refusing more than `maxBytes` (images for a prompt are bounded on upload). */
export async function readAll(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      stream.destroy();
      throw new Error(`The file is larger than ${maxBytes} bytes.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

import type { Readable } from 'node:stream';
import type { FileStatus, ToolResource } from '@parley/schema';
import type { Db } from '../db/index.ts';

/** A stored document as the processor sees it (its row is not written yet). */
export interface ProcessInput {
  userId: string;
  fileId: string;
  filename: string;
  /** MIME type from the bytes. */
  type: string;
  bytes: number;
  /** What the upload is for; null when the client did not say (the processor decides). */
  toolResource: ToolResource | null;
  /** The stored bytes from the start. */
  read(): Readable;
  /** Aborted when the upload request goes away. */
  signal: AbortSignal;
}

/** What processing made of a document. A failed one is kept (status 'failed', `error` says why). */
export interface ProcessOutcome {
  status: Exclude<FileStatus, 'pending'>;
  toolResource: ToolResource | null;
  tokens: number | null;
  embedded: boolean;
  error: string | null;
  /**
   * Writes what processing produced (text, chunks, vectors). Called inside the transaction that
   * inserts the file's row, so a file and its index appear, or fail, together (issue 14 §5).
   */
  save?(trx: Db): Promise<void>;
}

/**
 * The seam between storing a file and making it usable as context or for file search (the RAG
 * slice implements it under files/rag/; agents' file_search and execute_code will reuse it).
 * Without a processor, documents are stored 'ready' with the tool resource they were sent with.
 */
export interface FileProcessor {
  /** Extract, chunk and embed a stored document (off the event loop's hot path). */
  process(input: ProcessInput): Promise<ProcessOutcome>;
  /** Remove what `save` wrote for these files of the user, inside the caller's transaction. */
  remove(trx: Db, userId: string, fileIds: string[]): Promise<void>;
}

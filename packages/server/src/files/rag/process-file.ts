import type { ToolResource } from '@parley/schema';
import type { Db, Dialect } from '../../db/index.ts';
import { ExtractError } from '../extract/errors.ts';
import type { ExtractedText } from '../extract/extract-and-chunk.ts';
import type { ExtractPool } from '../extract/pool.ts';
import { type Embedder, embeddingText } from './embed.ts';
import { type IndexedFile, markFileFailed, writeFileIndex } from './store.ts';

export interface ProcessFileInput {
  db: Db;
  dialect: Dialect;
  /** Only its text extraction is used here. */
  extractor: Pick<ExtractPool, 'extract'>;
  /** Null: no embeddings configured; the file is searchable by full text only. */
  embedder: Embedder | null;
  userId: string;
  fileId: string;
  bytes: Uint8Array;
  /** The type decided from the bytes. */
  mimeType: string;
  toolResource: ToolResource | null;
  now?: () => number;
  signal?: AbortSignal;
}

export interface ProcessFileResult {
  status: 'ready' | 'failed' | 'skipped';
  tokens: number | null;
  embedded: boolean;
  /** Why it failed (for the log); the route answers with files_process. */
  error: string | null;
}

/** Uploads whose text is not read: images go to vision models as they are; code inputs as bytes. */
const NO_TEXT: (ToolResource | null)[] = ['image', 'execute_code'];

/** What extracting, chunking and embedding made of a file, before anything is written. */
export type PreparedIndex =
  | { status: 'skipped' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; tokens: number; embedded: boolean; index: Omit<IndexedFile, 'now'> };

/**
 * Extract, count and chunk a file's text in an extraction thread (its result is used as it is: no
 * tokenizer work on this thread), and embed the chunks when the file is for file search and
 * embeddings are configured. Nothing is written: the caller stores the result with the file's row
 * (upload) or through processFile (a file already stored). Embedding failures leave the file
 * searchable by full text (embedded = false).
 */
export async function prepareIndex(
  i: Omit<ProcessFileInput, 'db' | 'dialect' | 'now'>,
): Promise<PreparedIndex> {
  if (NO_TEXT.includes(i.toolResource)) return { status: 'skipped' };
  let extracted: ExtractedText;
  try {
    extracted = await i.extractor.extract(i.bytes, i.mimeType);
  } catch (err) {
    return { status: 'failed', error: err instanceof ExtractError ? err.reason : String(err) };
  }
  const { text, pages, tokens, chunks } = extracted;

  let vectors: number[][] | undefined;
  const vectorsWanted = i.toolResource !== 'context';
  if (i.embedder && vectorsWanted && chunks.length > 0) {
    try {
      vectors = await i.embedder.embed(chunks.map(embeddingText), i.signal);
    } catch {
      vectors = undefined;
    }
  }
  return {
    status: 'ready',
    tokens,
    embedded: Boolean(vectors),
    index: {
      userId: i.userId,
      fileId: i.fileId,
      text,
      pages,
      chunks,
      vectors,
      embeddingModel: i.embedder?.id,
      vectorsWanted,
      tokens,
    },
  };
}

/**
 * Process a stored file: prepareIndex, then write text, chunks, vectors and the file's status in
 * one transaction. A failed extraction marks the file failed and keeps it.
 */
export async function processFile(i: ProcessFileInput): Promise<ProcessFileResult> {
  const now = i.now ?? Date.now;
  const prepared = await prepareIndex(i);
  if (prepared.status === 'skipped') return { status: 'skipped', tokens: null, embedded: false, error: null };
  if (prepared.status === 'failed') {
    await markFileFailed(i.db, i.userId, i.fileId, prepared.error, now());
    return { status: 'failed', tokens: null, embedded: false, error: prepared.error };
  }
  const written = await writeFileIndex(i.db, i.dialect, { ...prepared.index, now: now() });
  if (!written)
    return { status: 'failed', tokens: prepared.tokens, embedded: false, error: 'file no longer exists' };
  return { status: 'ready', tokens: prepared.tokens, embedded: prepared.embedded, error: null };
}

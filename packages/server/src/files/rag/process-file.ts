import type { ToolResource } from '@parley/schema';
import type { Db, Dialect } from '../../db/index.ts';
import { ExtractError } from '../extract/errors.ts';
import type { ExtractPool } from '../extract/pool.ts';
import { chunkText } from './chunk.ts';
import type { Embedder } from './embed.ts';
import { markFileFailed, writeFileIndex } from './store.ts';

export interface ProcessFileInput {
  db: Db;
  dialect: Dialect;
  extractor: ExtractPool;
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

/**
 * Process a stored file: extract its text (off the request thread), chunk it, embed the chunks
 * when it is for file search and embeddings are configured, and write text, chunks, vectors and
 * the file's status in one transaction. A failed extraction marks the file failed and keeps it.
 * Embedding failures leave the file searchable by full text (embedded = false).
 */
export async function processFile(i: ProcessFileInput): Promise<ProcessFileResult> {
  const now = i.now ?? Date.now;
  if (NO_TEXT.includes(i.toolResource))
    return { status: 'skipped', tokens: null, embedded: false, error: null };
  let extracted: Awaited<ReturnType<ExtractPool['extract']>>;
  try {
    extracted = await i.extractor.extract(i.bytes, i.mimeType);
  } catch (err) {
    const reason = err instanceof ExtractError ? err.reason : String(err);
    await markFileFailed(i.db, i.userId, i.fileId, reason, now());
    return { status: 'failed', tokens: null, embedded: false, error: reason };
  }
  const { countTokens } = await import('gpt-tokenizer');
  const tokens = countTokens(extracted.text);
  const chunks = chunkText(extracted.text, extracted.pages, { countTokens });

  let vectors: number[][] | undefined;
  const embed = i.embedder && i.toolResource !== 'context' && chunks.length > 0;
  if (embed && i.embedder) {
    try {
      vectors = await i.embedder.embed(
        chunks.map((c) => (c.heading ? `${c.heading}\n${c.text}` : c.text)),
        i.signal,
      );
    } catch {
      vectors = undefined;
    }
  }
  const written = await writeFileIndex(i.db, i.dialect, {
    userId: i.userId,
    fileId: i.fileId,
    text: extracted.text,
    pages: extracted.pages,
    chunks,
    vectors,
    embeddingModel: i.embedder?.id,
    tokens,
    now: now(),
  });
  if (!written) return { status: 'failed', tokens, embedded: false, error: 'file no longer exists' };
  return { status: 'ready', tokens, embedded: Boolean(vectors), error: null };
}

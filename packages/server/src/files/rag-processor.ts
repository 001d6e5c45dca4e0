import type { Db, Dialect } from '../db/index.ts';
import { canExtract } from './extract/extract-in-thread.ts';
import type { ExtractPool } from './extract/pool.ts';
import type { FileProcessor } from './processor.ts';
import type { Embedder } from './rag/embed.ts';
import { prepareIndex } from './rag/process-file.ts';
import { removeFileChunks, writeIndexRows } from './rag/store.ts';
import { vectorStore } from './rag/vectors.ts';
import { readAll } from './read-file.ts';

/**
 * Documents larger than this are stored but not read for text: extraction holds the whole file in
 * a worker's memory (the ZIP and PDF parsers need random access). Such a file is attached as a
 * file, not as text or for search.
 */
export const EXTRACT_MAX_BYTES = 100 * 1024 * 1024;

/**
 * The upload's processor (files/processor.ts) over file search: a document is extracted, chunked
 * and embedded before its row exists, and its text, chunks and vectors are written in the
 * transaction that inserts the row, so a file and its index appear (or fail) together.
 */
export function ragFileProcessor(deps: {
  db: Db;
  dialect: Dialect;
  extractor: Pick<ExtractPool, 'extract'>;
  embedder: Embedder | null;
}): FileProcessor {
  return {
    async process(input) {
      const base = { toolResource: input.toolResource, tokens: null, embedded: false };
      // Kept as they are, without text: a type no extractor reads (an archive, a binary), or a
      // document too large to read whole.
      if (!canExtract(input.type) || input.bytes > EXTRACT_MAX_BYTES)
        return { ...base, status: 'ready', error: null };
      const prepared = await prepareIndex({
        extractor: deps.extractor,
        embedder: deps.embedder,
        userId: input.userId,
        fileId: input.fileId,
        bytes: await readAll(input.read(), EXTRACT_MAX_BYTES),
        mimeType: input.type,
        toolResource: input.toolResource,
        signal: input.signal,
      });
      if (prepared.status === 'skipped') return { ...base, status: 'ready', error: null };
      if (prepared.status === 'failed') return { ...base, status: 'failed', error: prepared.error };
      return {
        toolResource: input.toolResource,
        status: 'ready',
        tokens: prepared.tokens,
        embedded: prepared.embedded,
        error: null,
        save: async (trx) => {
          const store = await vectorStore(deps.db, deps.dialect);
          await writeIndexRows(trx, deps.dialect, store, { ...prepared.index, now: Date.now() });
        },
      };
    },
    async remove(trx, userId, fileIds) {
      for (const fileId of fileIds) await removeFileChunks(trx, userId, fileId);
    },
  };
}

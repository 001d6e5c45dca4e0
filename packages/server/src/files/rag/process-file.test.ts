import { describe, expect, it } from 'vitest';
import type { Chunk } from '../extract/chunk.ts';
import type { ExtractedText } from '../extract/extract-and-chunk.ts';
import type { ExtractPool } from '../extract/pool.ts';
import type { Embedder } from './embed.ts';
import { prepareIndex } from './process-file.ts';

/**
 * Token counting and chunking happen in the extraction thread; prepareIndex must take the pool's
 * tokens and chunks as they are. The pool here answers with values no tokenizer or chunker would
 * make from its text, so any recount or re-chunk on this thread shows.
 */
const chunks: Chunk[] = [
  { ordinal: 0, offset: 0, page: 1, heading: 'Intro', text: 'made in the thread', tokens: 3 },
  { ordinal: 1, offset: 19, page: 2, heading: null, text: 'second passage', tokens: 2 },
];
const extracted: ExtractedText = {
  text: `${'a long text that would count to many more tokens than five. '.repeat(200)}`,
  pages: [
    { page: 1, offset: 0 },
    { page: 2, offset: 19 },
  ],
  tokens: 5,
  chunks,
};
const pool: Pick<ExtractPool, 'extract'> = { extract: async () => extracted };

describe('prepareIndex', () => {
  it("uses the extraction thread's tokens and chunks as they are, and embeds those chunks", async () => {
    const embedded: string[][] = [];
    const embedder: Embedder = {
      id: 'stub',
      embed: async (texts) => {
        embedded.push(texts);
        return texts.map(() => [1, 0]);
      },
    };
    const prepared = await prepareIndex({
      extractor: pool,
      embedder,
      userId: 'u',
      fileId: 'f',
      bytes: new Uint8Array(1),
      mimeType: 'application/pdf',
      toolResource: 'file_search',
    });
    expect(prepared.status).toBe('ready');
    if (prepared.status !== 'ready') return;
    expect(prepared.tokens).toBe(5);
    expect(prepared.index.tokens).toBe(5);
    expect(prepared.index.chunks).toBe(chunks);
    expect(prepared.index).toMatchObject({ text: extracted.text, pages: extracted.pages });
    expect(embedded).toEqual([['Intro\nmade in the thread', 'second passage']]);
    expect(prepared.embedded).toBe(true);
  });
});

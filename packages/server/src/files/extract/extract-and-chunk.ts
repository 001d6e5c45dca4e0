import { countTokens } from 'gpt-tokenizer';
import { type Chunk, chunkText } from './chunk.ts';
import { extractInThread } from './extract-in-thread.ts';
import { boundedTokenCounter } from './token-count.ts';
import type { Extracted } from './types.ts';

/** A file's text as the extraction thread hands it back: with its token count and its passages. */
export interface ExtractedText extends Extracted {
  /** Tokens of the whole text (o200k). */
  tokens: number;
  /** The passages for file search (chunk.ts), in order. */
  chunks: Chunk[];
}

const count = boundedTokenCounter(countTokens);

/**
 * Extract, count and chunk in the calling thread: the worker's whole job. Counting and chunking a
 * large document is tens to hundreds of ms of tokenizer work, so it runs where extraction does
 * (under the same deadline and heap cap), never on the request thread, which also never loads
 * gpt-tokenizer.
 */
export async function extractAndChunk(bytes: Uint8Array, mimeType: string): Promise<ExtractedText> {
  const out = await extractInThread(bytes, mimeType);
  return { ...out, tokens: count(out.text), chunks: chunkText(out.text, out.pages, { countTokens: count }) };
}

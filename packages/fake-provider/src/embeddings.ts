import { hash32 } from './prng.ts';

/** Dimensions of OpenAI's embedding models, used when the request does not ask for `dimensions`. */
const MODEL_DIMS: Record<string, number> = {
  'text-embedding-3-large': 3072,
  'text-embedding-3-small': 1536,
  'text-embedding-ada-002': 1536,
};
export const DEFAULT_EMBEDDING_DIMS = 1536;

export const embeddingDims = (model: string, requested?: number): number =>
  requested && requested > 0 ? Math.min(requested, 8192) : (MODEL_DIMS[model] ?? DEFAULT_EMBEDDING_DIMS);

/**
 * A deterministic embedding: a hashed bag of words (each lower-cased word adds ±1 at a hashed
 * index), L2-normalised. Texts sharing words are near in cosine distance, so retrieval tests can
 * predict the nearest passage; the same text always gives the same vector.
 */
export function fakeEmbedding(text: string, dims: number): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const h = hash32(word);
    v[h % dims] += h & 0x80000000 ? -1 : 1;
  }
  let norm = Math.sqrt(v.reduce((n, x) => n + x * x, 0));
  if (norm === 0) {
    // No words: a fixed unit vector (a zero vector has no cosine).
    v[0] = 1;
    norm = 1;
  }
  return v.map((x) => x / norm);
}

/** OpenAI's `encoding_format: 'base64'`: little-endian float32s, base64-encoded (the openai SDK's default). */
export const toBase64 = (v: number[]): string => Buffer.from(new Float32Array(v).buffer).toString('base64');

/** OpenAI's `input`: a string or an array of strings (token arrays are read as their numbers). */
export function embeddingInputs(input: unknown): string[] | null {
  if (typeof input === 'string') return [input];
  if (!Array.isArray(input) || input.length === 0) return null;
  if (input.every((x) => typeof x === 'number')) return [input.join(' ')];
  return input.map((x) => (Array.isArray(x) ? x.join(' ') : String(x)));
}

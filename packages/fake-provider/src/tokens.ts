import type { Chunking } from './script.ts';

/** The fake's token estimate everywhere: one token per four characters, rounded up. */
export const estimateTokens = (chars: number): number => Math.ceil(chars / 4);

/**
 * Split text into stream chunks. By word, each chunk carries its leading whitespace, so joining
 * the chunks gives back the text exactly.
 */
export function chunkText(text: string, chunking: Chunking = 'word'): string[] {
  if (text === '') return [];
  if (chunking === 'char') return Array.from(text);
  if (typeof chunking === 'number') {
    const size = Math.max(1, Math.floor(chunking));
    const chars = Array.from(text);
    const out: string[] = [];
    for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
    return out;
  }
  const words: string[] = [...(text.match(/\s*\S+/g) ?? [])];
  const consumed = words.join('').length;
  if (consumed < text.length) {
    const tail = text.slice(consumed);
    if (words.length) words[words.length - 1] += tail;
    else words.push(tail);
  }
  return words;
}

/** Split a JSON string into a few fragments, the way providers stream tool arguments. */
export function fragments(json: string, parts = 3): string[] {
  if (json.length <= 4) return [json];
  const size = Math.ceil(json.length / parts);
  const out: string[] = [];
  for (let i = 0; i < json.length; i += size) out.push(json.slice(i, i + size));
  return out;
}

import { createHash } from 'node:crypto';

/**
 * SQLite file search indexes each word as `k<file key>x<word>`: a word's doclist then holds one
 * file's chunks, so a query over a few files reads those files' entries only. With plain words a
 * word common in a heavy user's library (their company's name) has an entry per chunk of every file,
 * all read by every query (measured: FTS time grew 3× from 10k to 100k chunks). FTS5's porter and
 * unicode61 run on the prefixed token at write and at query time alike.
 */
export const fileKey = (fileId: string): string =>
  `k${createHash('sha256').update(fileId).digest('hex').slice(0, 12)}x`;

/** Words as the query side splits them (letters and digits), lower-cased. */
export const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A chunk's FTS5 column: its heading's and text's words, each prefixed with the file's key. */
export function scopedTerms(fileId: string, heading: string | null, text: string): string {
  const key = fileKey(fileId);
  return words(heading ? `${heading}\n${text}` : text)
    .map((w) => key + w)
    .join(' ');
}

/** FTS5 MATCH: any of the words in any of the files. */
export function scopedMatch(fileIds: string[], terms: string[]): string {
  return fileIds.flatMap((id) => terms.map((t) => `"${fileKey(id)}${t}"`)).join(' OR ');
}

/**
 * BPE tokenizers merge within a word, and a word of a million characters with no space (a base64
 * blob, a file of 'aaaa…') costs time quadratic in its length: an 8 MB run held the server for
 * minutes. Such runs are counted in slices, found by one linear scan (a regular expression over a
 * run that long overflows the stack).
 */
export const RUN_SLICE_CHARS = 256;

/** Space as the tokenizers' pre-split sees it, near enough for counting. */
const isSpace = (c: number) => c <= 32 || c === 0xa0 || c === 0x3000 || (c >= 0x2000 && c <= 0x200b);

export function boundedTokenCounter(count: (text: string) => number): (text: string) => number {
  return (text) => {
    let total = 0;
    let from = 0;
    let run = -1;
    const flushRun = (end: number) => {
      // Text before the run as it is, the run in slices.
      if (run > from) total += count(text.slice(from, run));
      for (let i = run; i < end; i += RUN_SLICE_CHARS)
        total += count(text.slice(i, Math.min(i + RUN_SLICE_CHARS, end)));
      from = end;
    };
    for (let i = 0; i <= text.length; i++) {
      const space = i === text.length || isSpace(text.charCodeAt(i));
      if (!space) {
        if (run < 0) run = i;
        continue;
      }
      if (run >= 0 && i - run >= RUN_SLICE_CHARS) flushRun(i);
      run = -1;
    }
    if (from < text.length) total += count(text.slice(from));
    return total;
  };
}

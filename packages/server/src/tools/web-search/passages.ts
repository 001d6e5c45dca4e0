/** A page's text cut into passages the reranker scores: paragraphs packed up to PASSAGE_CHARS. */
export const PASSAGE_CHARS = 1_200;

export function passages(text: string, max = PASSAGE_CHARS): string[] {
  const out: string[] = [];
  let current = '';
  const push = () => {
    if (current.trim()) out.push(current.trim());
    current = '';
  };
  for (const para of text.split(/\n\s*\n/)) {
    const p = para.trim();
    if (!p) continue;
    // A paragraph longer than a passage is cut at sentence ends where it can be, else hard.
    for (let rest = p; rest.length > 0; ) {
      if (current.length + rest.length + 2 <= max) {
        current = current ? `${current}\n\n${rest}` : rest;
        break;
      }
      if (current) {
        push();
        continue;
      }
      const cut = rest.lastIndexOf('. ', max);
      const at = cut > max / 2 ? cut + 1 : max;
      out.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
  }
  push();
  return out;
}

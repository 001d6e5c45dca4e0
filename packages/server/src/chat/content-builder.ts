import type { ContentPart } from '@parley/schema';
import type { DeltaKind } from '../generation/coalescer.ts';

/** The text of a reply's text parts, joined. */
export function partsText(parts: ContentPart[]): string {
  let out = '';
  for (const p of parts) if (p.type === 'text') out += p.text;
  return out;
}

/**
 * Accumulates the reply as typed content parts, merging consecutive deltas of one kind (a delta
 * extends the last part in place: nothing is allocated per token within a part).
 */
export function contentBuilder(initial: ContentPart[] = []) {
  const parts: ContentPart[] = initial;
  return {
    parts,
    add(kind: DeltaKind, text: string) {
      const last = parts[parts.length - 1];
      if (kind === 'text' && last?.type === 'text') last.text += text;
      else if (kind === 'think' && last?.type === 'think') last.think += text;
      else parts.push(kind === 'text' ? { type: 'text', text } : { type: 'think', think: text });
    },
  };
}

/**
 * A reply that used file search cites its passages as [1], [2]… (chat/attachments.ts on the
 * server numbers them). This turns each [n] with 1 ≤ n ≤ `count` in plain text into a link to
 * `#cite-n`, which Markdown's link renderer shows as a citation. Code, links and anything outside
 * the range stay as written.
 */
type Node = { type: string; value?: string; url?: string; children?: Node[] };

const MARK = /\[(\d{1,3})\]/g;
const SKIP = new Set(['link', 'linkReference', 'inlineCode', 'code', 'definition']);

export const CITE_PREFIX = '#cite-';

/** The citation number of a `#cite-n` href, or null. */
export function citationOf(href: string | undefined): number | null {
  if (!href?.startsWith(CITE_PREFIX)) return null;
  const n = Number(href.slice(CITE_PREFIX.length));
  return Number.isInteger(n) && n > 0 ? n : null;
}

function split(value: string, count: number): Node[] | null {
  const out: Node[] = [];
  let last = 0;
  for (const m of value.matchAll(MARK)) {
    const n = Number(m[1]);
    if (n < 1 || n > count) continue;
    if (m.index > last) out.push({ type: 'text', value: value.slice(last, m.index) });
    out.push({ type: 'link', url: `${CITE_PREFIX}${n}`, children: [{ type: 'text', value: String(n) }] });
    last = m.index + m[0].length;
  }
  if (out.length === 0) return null;
  if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
  return out;
}

export function remarkCitations(count: number) {
  return () => (tree: Node) => {
    const walk = (node: Node) => {
      if (!node.children || SKIP.has(node.type)) return;
      node.children = node.children.flatMap((child) => {
        if (child.type === 'text' && child.value) return split(child.value, count) ?? [child];
        walk(child);
        return [child];
      });
    };
    walk(tree);
  };
}

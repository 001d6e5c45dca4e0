import type { Element, ElementContent, Root } from 'hast';
import { fromHtmlIsomorphic } from 'hast-util-from-html-isomorphic';
import { toText } from 'hast-util-to-text';
import katex, { type KatexOptions } from 'katex';
import { SKIP, visitParents } from 'unist-util-visit-parents';

/**
 * KaTeX for remark-math's output, each formula rendered once: a streaming block re-renders every
 * frame, and rendering plus re-parsing KaTeX's HTML was most of the cost of a line with math.
 * Inline math is `code.math-inline`, display math `pre > code.math-display` (also ```math).
 */

/** Rendered formulas kept (an LRU by insertion; re-inserted on use). */
const CACHE_MAX = 500;
const cache = new Map<string, ElementContent[]>();

function classesOf(node: Element): string[] {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

function render(source: string, displayMode: boolean, options: KatexOptions): ElementContent[] {
  const key = `${displayMode ? 'D' : 'I'}\u0000${source}`;
  let nodes = cache.get(key);
  if (nodes) {
    cache.delete(key);
  } else {
    try {
      // throwOnError false: KaTeX shows a parse error in red in place of the formula.
      const html = katex.renderToString(source, { ...options, displayMode, throwOnError: false });
      nodes = fromHtmlIsomorphic(html, { fragment: true }).children as ElementContent[];
    } catch (error) {
      nodes = [
        {
          type: 'element',
          tagName: 'span',
          properties: { className: ['katex-error'], title: String(error) },
          children: [{ type: 'text', value: source }],
        },
      ];
    }
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  }
  cache.set(key, nodes);
  // Later plugins and the JSX conversion get their own copy.
  return structuredClone(nodes);
}

export function rehypeMath(options: KatexOptions = {}) {
  return (tree: Root) => {
    visitParents(tree, 'element', (node, ancestors) => {
      const classes = classesOf(node);
      const fenced = classes.includes('language-math');
      if (!fenced && !classes.includes('math-inline') && !classes.includes('math-display')) return;
      let target: Element = node;
      let parent = ancestors[ancestors.length - 1];
      let displayMode = classes.includes('math-display');
      const pre = parent;
      if (node.tagName === 'code' && pre?.type === 'element' && pre.tagName === 'pre') {
        // A math code block: the formula replaces the whole <pre>.
        target = pre;
        parent = ancestors[ancestors.length - 2];
        displayMode = true;
      }
      if (!parent) return;
      const at = parent.children.indexOf(target);
      parent.children.splice(at, 1, ...render(toText(target, { whitespace: 'pre' }), displayMode, options));
      return SKIP;
    });
  };
}

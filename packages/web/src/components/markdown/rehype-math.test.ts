import type { Element, Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { rehypeMath } from './rehype-math.ts';

const code = (className: string[], value: string): Element => ({
  type: 'element',
  tagName: 'code',
  properties: { className },
  children: [{ type: 'text', value }],
});
const tree = (...children: Element[]): Root => ({
  type: 'root',
  children: [{ type: 'element', tagName: 'p', properties: {}, children }],
});
const first = (root: Root) => ((root.children[0] as Element).children[0] as Element) ?? null;
const classes = (el: Element | null) => (el?.properties.className as string[] | undefined) ?? [];

describe('rehypeMath', () => {
  it('renders inline math in place of its code element', () => {
    const root = tree(code(['language-math', 'math-inline'], 'x^2'));
    rehypeMath()(root);
    expect(classes(first(root))).toContain('katex');
    expect(JSON.stringify(root)).not.toContain('katex-display');
  });

  it('renders display math in place of the whole <pre>', () => {
    const root: Root = {
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'pre',
          properties: {},
          children: [code(['language-math', 'math-display'], '\\frac{a}{b}')],
        },
      ],
    };
    rehypeMath()(root);
    const el = root.children[0] as Element;
    expect(el.tagName).toBe('span');
    expect(classes(el)).toContain('katex-display');
  });

  it('gives each render its own copy of a cached formula', () => {
    const a = tree(code(['math-inline'], 'y_1'));
    const b = tree(code(['math-inline'], 'y_1'));
    rehypeMath()(a);
    rehypeMath()(b);
    expect(b).toEqual(a);
    expect(first(b)).not.toBe(first(a));
  });

  it('shows an invalid formula as a KaTeX error, not a crash', () => {
    const root = tree(code(['math-inline'], '\\frac{'));
    rehypeMath()(root);
    expect(JSON.stringify(root)).toContain('katex-error');
  });

  it('leaves other code alone', () => {
    const root = tree(code(['language-ts'], 'const a = 1'));
    rehypeMath()(root);
    expect(first(root).tagName).toBe('code');
  });
});

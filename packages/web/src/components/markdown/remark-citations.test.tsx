import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { citationOf, remarkCitations } from './remark-citations.ts';

const html = (text: string, count: number) =>
  renderToStaticMarkup(<ReactMarkdown remarkPlugins={[remarkCitations(count)]}>{text}</ReactMarkdown>);

describe('remarkCitations', () => {
  it('links [n] within the passages given, and leaves the rest as written', () => {
    expect(html('Eggshells [1] and coffee [2][3]. Not [4] or [0].', 3)).toBe(
      '<p>Eggshells <a href="#cite-1">1</a> and coffee <a href="#cite-2">2</a><a href="#cite-3">3</a>. Not [4] or [0].</p>',
    );
  });

  it('leaves code and links alone', () => {
    expect(html('`arr[1]` and [a [1]](https://x.test)', 2)).toBe(
      '<p><code>arr[1]</code> and <a href="https://x.test">a [1]</a></p>',
    );
  });

  it('reads the number back from the href', () => {
    expect(citationOf('#cite-12')).toBe(12);
    expect(citationOf('#cite-x')).toBeNull();
    expect(citationOf('https://example.com')).toBeNull();
  });
});

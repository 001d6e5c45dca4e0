import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type CodeRunBlockProps, CodeRunContext, type CodeRunHost } from './code-run-context.ts';
import { Markdown } from './markdown.tsx';

/**
 * What the markdown gives a run host (features/chat provides the real one): which blocks get a
 * run button and each block's position among its part's code blocks (the record's blockIndex).
 */

const Button = ({ blockIndex, lang, target }: CodeRunBlockProps) => (
  <span data-testid="run" data-index={blockIndex} data-lang={lang} data-part={target.partIndex} />
);
const Result = ({ blockIndex }: CodeRunBlockProps) => <span data-testid="result" data-index={blockIndex} />;
const host: CodeRunHost = { messageId: 'm1', conversationId: 'c1', partIndex: 2, Button, Result };

function show(text: string, { streaming = false, withHost = true } = {}) {
  const md = <Markdown text={text} streaming={streaming} />;
  return render(withHost ? <CodeRunContext.Provider value={host}>{md}</CodeRunContext.Provider> : md);
}

const runs = () => screen.queryAllByTestId('run').map((el) => [el.dataset.lang, Number(el.dataset.index)]);

describe('Markdown code blocks where code can run', () => {
  afterEach(cleanup);

  it('offer Run on recognised languages with code, numbering every fenced block of the part', () => {
    show(
      [
        'Intro',
        '```python\nprint(1)\n```',
        '```bash\nls\n```',
        'Then:\n\n```js\nconsole.log(2)\n```',
        '```ts\n   \n```',
        '- a list item\n\n  ```py\n  print(3)\n  ```\n\n- another\n\n  ```typescript\n  let x = 1\n  ```',
        '> ```mjs\n> 1\n> ```',
      ].join('\n\n'),
    );
    // bash is not recognised and the blank ts block has no code (doc 2 §5.8); they keep their numbers.
    expect(runs()).toEqual([
      ['python', 0],
      ['js', 2],
      ['py', 4],
      ['typescript', 5],
      ['mjs', 6],
    ]);
    expect(screen.getAllByTestId('result').map((el) => Number(el.dataset.index))).toEqual([0, 2, 4, 5, 6]);
    expect(screen.getAllByTestId('run')[0].dataset.part).toBe('2');
  });

  it('offer nothing without a host (user messages, read-only views) or while the block streams', () => {
    show('```python\nprint(1)\n```', { withHost: false });
    expect(runs()).toEqual([]);
    cleanup();
    show('```python\nprint(1)', { streaming: true });
    expect(runs()).toEqual([]);
  });

  it('count the fences inside one parsed block from the parser’s offsets', () => {
    show('Text with $x$ math\n```py\na = 1\n```\nmore text\n```py\nb = 2\n```');
    expect(runs()).toEqual([
      ['py', 0],
      ['py', 1],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { parseFencedBlock, type SplitResult, splitBlocks, splitBlocksIncremental } from './split-blocks.ts';

const texts = (md: string) => splitBlocks(md).map((b) => b.text);

describe('splitBlocks', () => {
  it('splits paragraphs and headings on blank lines', () => {
    expect(texts('# Title\n\nFirst para\nstill first\n\n\nSecond')).toEqual([
      '# Title',
      'First para\nstill first',
      'Second',
    ]);
  });

  it('keeps blank lines inside code fences', () => {
    const md = 'Intro\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter';
    expect(texts(md)).toEqual(['Intro', '```js\nconst a = 1;\n\nconst b = 2;\n```', 'After']);
  });

  it('keeps a loose list together', () => {
    const md = '1. one\n\n2. two\n\n   more about two\n\n3. three\n\nDone.';
    expect(texts(md)).toEqual(['1. one\n\n2. two\n\n   more about two\n\n3. three', 'Done.']);
  });

  it('keeps display math together', () => {
    const md = 'See:\n\n$$\na = b\n\nc = d\n$$\n\nEnd';
    expect(texts(md)).toEqual(['See:', '$$\na = b\n\nc = d\n$$', 'End']);
  });

  it('handles an unterminated fence while streaming', () => {
    expect(texts('Text\n\n```py\nprint(1)\n\nprint(2)')).toEqual(['Text', '```py\nprint(1)\n\nprint(2)']);
  });

  it('records offsets', () => {
    const blocks = splitBlocks('a\n\nb');
    expect(blocks).toEqual([
      { text: 'a', start: 0 },
      { text: 'b', start: 3 },
    ]);
  });

  it('returns nothing for empty text', () => {
    expect(splitBlocks('')).toEqual([]);
    expect(splitBlocks('\n\n')).toEqual([]);
  });
});

describe('splitBlocksIncremental', () => {
  it('matches a full split at every prefix of a streamed reply', () => {
    const full =
      '# Plan\n\nSome intro text.\n\n- a\n- b\n\n  nested para\n\n- c\n\n```ts\nconst x = 1;\n\nconsole.log(x);\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n$$\nx^2\n$$\n\nThe end.';
    let previous = null;
    for (let i = 0; i <= full.length; i += 3) {
      const text = full.slice(0, i);
      previous = splitBlocksIncremental(text, previous);
      expect(previous.blocks).toEqual(splitBlocks(text));
    }
  });

  it('reuses untouched blocks', () => {
    const first = splitBlocksIncremental('a\n\nb', null);
    const second = splitBlocksIncremental('a\n\nbc', first);
    expect(second.blocks[0]).toBe(first.blocks[0]);
    expect(second.blocks[1].text).toBe('bc');
  });

  it('falls back to a full split when the text was replaced', () => {
    const first = splitBlocksIncremental('hello\n\nworld', null);
    expect(splitBlocksIncremental('other', first).blocks.map((b) => b.text)).toEqual(['other']);
  });
});

describe('parseFencedBlock', () => {
  it('reads language, body and whether the fence is closed', () => {
    expect(parseFencedBlock('```js\nlet a;\n```')).toEqual({ lang: 'js', code: 'let a;', closed: true });
    expect(parseFencedBlock('```python\nprint(1)')).toEqual({
      lang: 'python',
      code: 'print(1)',
      closed: false,
    });
    expect(parseFencedBlock('```')).toEqual({ lang: '', code: '', closed: false });
    expect(parseFencedBlock('plain text')).toBeNull();
    expect(parseFencedBlock('```\na\n```\nafter')).toBeNull();
    expect(parseFencedBlock('````md\n```\ninner\n```\n````')).toEqual({
      lang: 'md',
      code: '```\ninner\n```',
      closed: true,
    });
  });
});

describe('artifact directives', () => {
  const text = [
    'Intro line',
    ':::artifact{identifier="a" type="text/html" title="A"}',
    '```html',
    '<p>1</p>',
    '',
    '<p>2</p>',
    '```',
    ':::',
    'After.',
  ].join('\n');

  it('keep a directive in one block of its own, blank lines and all', () => {
    expect(splitBlocks(text).map((b) => b.text)).toEqual([
      'Intro line',
      text.split('\n').slice(1, 8).join('\n'),
      'After.',
    ]);
  });

  it('splits the same way while the text streams in', () => {
    let previous: SplitResult | null = null;
    for (let n = 1; n <= text.length; n++) previous = splitBlocksIncremental(text.slice(0, n), previous);
    expect(previous?.blocks.map((b) => b.text)).toEqual(splitBlocks(text).map((b) => b.text));
  });
});

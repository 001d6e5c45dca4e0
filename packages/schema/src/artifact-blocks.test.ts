import { describe, expect, it } from 'vitest';
import { applyArtifactEdit, artifactAttributes, parseArtifactBlocks } from './artifact-blocks.ts';

const HTML = [
  'Here it is:',
  '',
  ':::artifact{identifier="page" type="text/html" title="My Page"}',
  '```html',
  '<h1>Hi</h1>',
  '',
  '<p>x</p>',
  '```',
  ':::',
  '',
  'Done.',
].join('\n');

describe('parseArtifactBlocks', () => {
  it('reads the directive form with its fence', () => {
    const [a, ...rest] = parseArtifactBlocks(HTML);
    expect(rest).toEqual([]);
    expect(a).toMatchObject({
      index: 0,
      identifier: 'page',
      type: 'text/html',
      title: 'My Page',
      language: 'html',
      content: '<h1>Hi</h1>\n\n<p>x</p>',
      complete: true,
      contentStarted: true,
    });
    expect(HTML.slice(a.start, a.end)).toMatch(/^:::artifact[\s\S]*:::$/);
  });

  it('reads code straight under the directive and the fenced form', () => {
    const text =
      ':::artifact{identifier="a" type="image/svg+xml" title="S"}\n<svg/>\n:::\n\n' +
      '```artifact{identifier="b" type="text/markdown" title="M"}\n# T\n```\n';
    const blocks = parseArtifactBlocks(text);
    expect(blocks.map((b) => [b.index, b.identifier, b.content, b.complete])).toEqual([
      [0, 'a', '<svg/>', true],
      [1, 'b', '# T', true],
    ]);
  });

  it('follows a block while it streams', () => {
    const states = [
      ':::artifact{identifier="p',
      ':::artifact{identifier="page" type="text/html" title="T"}',
      ':::artifact{identifier="page" type="text/html" title="T"}\n```html\n<h1',
      ':::artifact{identifier="page" type="text/html" title="T"}\n```html\n<h1>x</h1>\n```',
      ':::artifact{identifier="page" type="text/html" title="T"}\n```html\n<h1>x</h1>\n```\n:::',
    ].map((t) => parseArtifactBlocks(t)[0]);
    expect(states.map((b) => [b.contentStarted, b.complete])).toEqual([
      [false, false],
      [false, false],
      [true, false],
      [true, false],
      [true, true],
    ]);
    expect(states[0].identifier).toBe('p');
    expect(states[2].content).toBe('<h1');
    expect(states[3].content).toBe('<h1>x</h1>');
    expect(states[4].content).toBe('<h1>x</h1>');
  });

  it('ignores directives inside ordinary code blocks and text without artifacts', () => {
    expect(parseArtifactBlocks('```md\n:::artifact{identifier="x"}\n:::\n```\n')).toEqual([]);
    expect(parseArtifactBlocks('no blocks here')).toEqual([]);
  });

  it('parses attributes with or without quotes', () => {
    expect(artifactAttributes('{identifier="a b" type=text/html title=\'T\'}')).toEqual({
      identifier: 'a b',
      type: 'text/html',
      title: 'T',
    });
  });
});

describe('applyArtifactEdit', () => {
  it('replaces the code of the indexed artifact in the text', () => {
    const out = applyArtifactEdit(
      { text: HTML, content: null },
      { index: 0, original: '<h1>Hi</h1>\n\n<p>x</p>', updated: '<h1>Bye</h1>' },
    );
    expect(out?.text).toBe(HTML.replace('<h1>Hi</h1>\n\n<p>x</p>', '<h1>Bye</h1>'));
    expect(parseArtifactBlocks(out!.text)[0].content).toBe('<h1>Bye</h1>');
  });

  it('refuses a stale original or a missing index', () => {
    expect(
      applyArtifactEdit({ text: HTML, content: null }, { index: 0, original: 'x', updated: 'y' }),
    ).toBeNull();
    expect(
      applyArtifactEdit({ text: HTML, content: null }, { index: 1, original: '<h1>Hi</h1>', updated: 'y' }),
    ).toBeNull();
  });

  it('counts artifacts across text parts and rebuilds the text', () => {
    const second = ':::artifact{identifier="b" type="text/html" title="B"}\n```html\nB\n```\n:::';
    const content = [
      { type: 'text' as const, text: HTML },
      { type: 'think' as const, think: 'hmm' },
      { type: 'text' as const, text: second },
    ];
    const out = applyArtifactEdit(
      { text: HTML + second, content },
      { index: 1, original: 'B', updated: 'C' },
    );
    expect(out?.content?.[2]).toEqual({ type: 'text', text: second.replace('\nB\n', '\nC\n') });
    expect(out?.content?.[0]).toBe(content[0]);
    expect(out?.text).toBe(HTML + second.replace('\nB\n', '\nC\n'));
  });
});

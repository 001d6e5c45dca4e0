import type { Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { type Artifact, downloadName, extractArtifacts } from './artifacts.ts';
import { initialPanelState, type PanelState, panelReducer } from './panel-state.ts';
import { shouldSave } from './use-artifact-draft.ts';

const reply = (messageId: string, text: string, createdAt: number): Message => ({
  messageId,
  conversationId: 'c',
  parentMessageId: 'p',
  text,
  sender: 'AI',
  isCreatedByUser: false,
  error: false,
  unfinished: false,
  endpoint: 'openAI',
  model: 'gpt-4o',
  createdAt,
  updatedAt: createdAt,
});

const block = (id: string, code: string, close = true) =>
  `:::artifact{identifier="${id}" type="text/html" title="${id}"}\n\`\`\`html\n${code}${close ? '\n```\n:::' : ''}`;

describe('extractArtifacts', () => {
  it('orders by lastUpdateTime and keeps unchanged artifacts as they were', () => {
    const messages = [
      reply('m1', block('a', 'A'), 1000),
      reply('m2', `${block('b', 'B')}\n\n${block('c', 'C')}`, 2000),
    ];
    const first = extractArtifacts(messages, new Map(), 5000);
    expect(first.map((a) => [a.id, a.index, a.lastUpdateTime])).toEqual([
      ['m1:0', 0, 1000],
      ['m2:0', 0, 2000],
      ['m2:1', 1, 2001],
    ]);
    const known = new Map(first.map((a) => [a.id, a]));
    // The first artifact edited: it moves last, the others keep their objects.
    const edited = [reply('m1', block('a', 'A2'), 1000), messages[1]];
    const second = extractArtifacts(edited, known, 9000);
    expect(second.map((a) => a.id)).toEqual(['m2:0', 'm2:1', 'm1:0']);
    expect(second[0]).toBe(first[1]);
    expect(second[2]).toMatchObject({ content: 'A2', lastUpdateTime: 9000 });
  });

  it('names downloads from the title and type', () => {
    const a = { title: 'My Page!', type: 'text/html', language: 'html', identifier: 'x' };
    expect(downloadName(a)).toBe('my-page.html');
    expect(downloadName({ ...a, title: '', type: 'image/svg+xml' })).toBe('x.svg');
    expect(downloadName({ ...a, type: 'application/x-unknown', language: 'py' })).toBe('my-page.py');
  });
});

const art = (id: string, messageId: string, extra: Partial<Artifact> = {}): Artifact => ({
  id,
  identifier: id,
  type: 'text/html',
  title: id,
  content: '',
  language: 'html',
  messageId,
  index: 0,
  lastUpdateTime: 0,
  complete: true,
  contentStarted: true,
  ...extra,
});

const run = (state: PanelState, ...lists: [Artifact[], string[]][]) =>
  lists.reduce(
    (s, [artifacts, streaming]) =>
      panelReducer(s, { type: 'artifacts', artifacts, streaming: new Set(streaming) }),
    state,
  );

describe('panelReducer', () => {
  it('starts on preview with the latest artifact selected', () => {
    const s = run(initialPanelState, [[art('a', 'm1'), art('b', 'm2')], []]);
    expect(s).toMatchObject({ tab: 'preview', currentId: 'b', ids: ['a', 'b'] });
  });

  it('switches to code when the content begins and to preview when the block completes', () => {
    const header = art('a', 'm1', { complete: false, contentStarted: false });
    const code = { ...header, contentStarted: true };
    const done = { ...code, complete: true };
    let s = run(initialPanelState, [[header], ['m1']]);
    expect(s.tab).toBe('preview');
    s = run(s, [[code], ['m1']]);
    expect(s.tab).toBe('code');
    // The user may look at the preview while it streams; more code does not switch back.
    s = panelReducer(s, { type: 'tab', tab: 'preview' });
    s = run(s, [[{ ...code, content: 'more' }], ['m1']]);
    expect(s.tab).toBe('preview');
    s = panelReducer(s, { type: 'tab', tab: 'code' });
    s = run(s, [[done], ['m1']]);
    expect(s.tab).toBe('preview');
  });

  it('sees a followed artifact through when its completion lands with the end of the reply', () => {
    const code = art('a', 'm1', { complete: false });
    let s = run(initialPanelState, [[code], ['m1']]);
    expect(s.tab).toBe('code');
    s = run(s, [[{ ...code, complete: true }], []]);
    expect(s.tab).toBe('preview');
    // A finished artifact opened later never switches by itself.
    s = panelReducer(s, { type: 'tab', tab: 'code' });
    s = run(s, [[{ ...code, complete: true, content: 'x' }], []]);
    expect(s.tab).toBe('code');
    const other = run(initialPanelState, [[{ ...code, complete: true }], []]);
    expect(other.tab).toBe('preview');
  });

  it('cycles n / total and stops following the latest until it is picked again', () => {
    let s = run(initialPanelState, [[art('a', 'm1'), art('b', 'm2')], []]);
    s = panelReducer(s, { type: 'cycle', step: -1 });
    expect(s.currentId).toBe('a');
    s = panelReducer(s, { type: 'cycle', step: -1 });
    expect(s.currentId).toBe('a');
    s = run(s, [[art('a', 'm1'), art('b', 'm2'), art('c', 'm3')], []]);
    expect(s.currentId).toBe('a');
    s = panelReducer(s, { type: 'cycle', step: 1 });
    s = panelReducer(s, { type: 'cycle', step: 1 });
    expect(s.currentId).toBe('c');
    s = run(s, [[art('a', 'm1'), art('b', 'm2'), art('c', 'm3'), art('d', 'm4')], []]);
    expect(s.currentId).toBe('d');
  });

  it('selects the artifact a card names, and resets', () => {
    const list = [art('m1:0', 'm1', { identifier: 'page' }), art('m2:0', 'm2', { identifier: 'page' })];
    let s = run(initialPanelState, [list, []]);
    s = panelReducer(s, {
      type: 'target',
      target: { messageId: 'm1', identifier: 'page', ordinal: 0 },
      artifacts: list,
    });
    expect(s.currentId).toBe('m1:0');
    expect(panelReducer(s, { type: 'reset' })).toBe(initialPanelState);
  });
});

describe('artifact edits', () => {
  it('are saved only when changed and the editor is neither read-only nor busy', () => {
    expect(shouldSave('new', 'old', false, false)).toBe(true);
    expect(shouldSave('old', 'old', false, false)).toBe(false);
    expect(shouldSave('new', 'old', true, false)).toBe(false);
    expect(shouldSave('new', 'old', false, true)).toBe(false);
  });
});

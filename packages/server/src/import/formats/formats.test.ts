import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectImport } from './detect.ts';
import type { ImportedConversation, ImportedMessage } from './types.ts';

const fixtures = path.join(import.meta.dirname, '../../../test/fixtures/import');
const load = (name: string): unknown => JSON.parse(readFileSync(path.join(fixtures, name), 'utf8'));
const convert = (name: string) => {
  const source = detectImport(load(name));
  return { source, convos: [...source.conversations()] };
};

/** "parent text > child text" edges, so tree shape reads in one assertion. */
function edges(c: ImportedConversation): string[] {
  const byId = new Map(c.messages.map((m) => [m.sourceId, m]));
  return c.messages.map((m: ImportedMessage) => {
    const parent = m.parentSourceId ? byId.get(m.parentSourceId) : null;
    return `${parent ? parent.text.slice(0, 12) : 'ROOT'} > ${m.text.slice(0, 12)}`;
  });
}

describe('ChatGPT export', () => {
  it('keeps every branch, drops system, hidden context and tool plumbing', () => {
    const { source, convos } = convert('chatgpt.json');
    expect(source.format).toBe('chatgpt');
    expect(source.total).toBe(2);
    const [bread] = convos;
    expect(bread.title).toBe('Sourdough starter schedule');
    expect(bread.createdAt).toBe(1714557600123);
    expect(bread.updatedAt).toBe(1714558500456);
    expect(edges(bread).sort()).toEqual(
      [
        'ROOT > How often sh',
        'How often sh > Feed it once',
        'Feed it once > And if I kee',
        'And if I kee > In the fridg',
        'Feed it once > What if I ke',
        // The browser call and its result are hidden; the answer hangs from the question.
        'What if I ke > Between bake',
      ].sort(),
    );
    const reply = bread.messages.find((m) => m.text.startsWith('Feed it'))!;
    expect(reply).toMatchObject({
      isCreatedByUser: false,
      sender: 'GPT-4o',
      model: 'gpt-4o',
      endpoint: 'openAI',
      finishReason: 'stop',
      createdAt: 1714557609250,
    });
    const question = bread.messages.find((m) => m.text.startsWith('How often'))!;
    expect(question).toMatchObject({ isCreatedByUser: true, sender: 'User', model: null });
  });

  it('keeps code the model ran and its output as readable text', () => {
    const [, code] = convert('chatgpt.json').convos;
    expect(code.messages.map((m) => m.text)).toEqual([
      'What does xs[::-1] do?',
      '```python\nxs = [1, 2, 3]\nprint(xs[::-1])\n```',
      'Execution output:\n```\n[3, 2, 1]\n```',
      'It returns a reversed copy of the list.',
    ]);
    expect(code.messages.every((m, i) => i === 0 || m.parentSourceId === code.messages[i - 1].sourceId)).toBe(
      true,
    );
  });
});

describe('Claude export', () => {
  it('follows parent links (branches) and keeps thinking as a think part', () => {
    const { source, convos } = convert('claude.json');
    expect(source.format).toBe('claude');
    const [trip] = convos;
    expect(trip.title).toBe('Trip packing list');
    expect(trip.endpoint).toBe('anthropic');
    expect(edges(trip)).toEqual([
      'ROOT > Help me pack',
      'Help me pack > Bring layers',
      'Bring layers > What about f',
      'What about f > Pack trail m',
      'Bring layers > Nut-free tra',
      'Nut-free tra > Try pumpkin ',
    ]);
    const answer = trip.messages[1];
    expect(answer.sender).toBe('Claude');
    expect(answer.content).toEqual([
      { type: 'think', think: 'Three days means layers, water and a first-aid kit.' },
      { type: 'text', text: answer.text },
    ]);
    expect(trip.messages[0].createdAt).toBe(Date.parse('2024-06-03T09:12:45Z'));
  });

  it('reads older exports as a sequence, keeps attachment text and skips empty messages', () => {
    const [, notes] = convert('claude.json').convos;
    expect(notes.messages).toHaveLength(2);
    expect(notes.messages[0].text).toContain('Summarise this in one line.');
    expect(notes.messages[0].text).toContain('**notes.txt**');
    expect(notes.messages[0].text).toContain('Meeting moved to Friday.');
    // The empty reply is dropped; the next one hangs from the question.
    expect(notes.messages[1].parentSourceId).toBe(notes.messages[0].sourceId);
  });
});

describe('Chatbot UI export', () => {
  it('reads history as sequences with the model, prompt and temperature', () => {
    const { source, convos } = convert('chatbot-ui.json');
    expect(source.format).toBe('chatbot-ui');
    expect(source.total).toBe(2);
    const [regex, haiku] = convos;
    expect(regex.title).toBe('Regex for dates');
    expect(regex.model).toBe('gpt-4');
    expect(regex.parameters).toEqual({ promptPrefix: 'You are a concise assistant.', temperature: 0.7 });
    expect(regex.messages.map((m) => [m.sender, m.isCreatedByUser])).toEqual([
      ['User', true],
      ['GPT-4', false],
      ['User', true],
      ['GPT-4', false],
    ]);
    expect(regex.messages[3].parentSourceId).toBe(regex.messages[2].sourceId);
    expect(regex.messages[0].parentSourceId).toBeNull();
    expect(haiku.messages[1].text).toContain('Steam curls');
  });

  it('accepts the first export version: a bare array of conversations', () => {
    const data = load('chatbot-ui.json') as { history: unknown[] };
    const { source } = { source: detectImport(data.history) };
    expect(source.format).toBe('chatbot-ui');
    expect([...source.conversations()]).toHaveLength(2);
  });
});

describe('Parley / LibreChat export', () => {
  it('flattens a recursive export, keeping branches, content parts and options', () => {
    const { source, convos } = convert('parley-recursive.json');
    expect(source.format).toBe('parley');
    const [cat] = convos;
    expect(cat.title).toBe('Naming a cat');
    expect(cat.endpoint).toBe('anthropic');
    expect(cat.model).toBe('claude-sonnet-4-5');
    expect(cat.parameters).toMatchObject({ temperature: 0.6 });
    expect(edges(cat).sort()).toEqual(
      [
        'ROOT > Suggest a na',
        'Suggest a na > How about As',
        'Suggest a na > Maybe Smokey',
        'Maybe Smokey > Pebble it is',
      ].sort(),
    );
    const n3 = cat.messages.find((m) => m.sourceId === 'n3')!;
    expect(n3.text).toBe('Maybe Smokey, or Pebble.');
    expect(n3.content?.[0]).toEqual({ type: 'think', think: 'Grey suggests smoke or stone.' });
    expect(n3.unfinished).toBe(true);
    expect(cat.createdAt).toBe(1717400000000);
  });

  it('reads a flat LibreChat export with ISO times', () => {
    const [bash] = convert('librechat-flat.json').convos;
    expect(bash.messages.map((m) => [m.sourceId, m.parentSourceId])).toEqual([
      ['f1', null],
      ['f2', 'f1'],
      ['f3', 'f2'],
    ]);
    expect(bash.messages[0].createdAt).toBe(Date.parse('2024-05-01T16:35:11.530Z'));
    expect(bash.messages[1]).toMatchObject({ sender: 'GPT-4o mini', finishReason: 'stop' });
  });
});

describe('detectImport', () => {
  it.each([
    ['an empty array', []],
    ['a plain object', { hello: 'world' }],
    ['a number', 42],
    ['an array of strings', ['a', 'b']],
  ])('rejects %s as an unsupported import type', (_name, data) => {
    expect(() => detectImport(data)).toThrow('Unsupported import type');
  });
});

describe('junk values in an export', () => {
  it('drops out-of-range times and invalid parameters instead of failing the import', async () => {
    const { toMs } = await import('./types.ts');
    expect(toMs(1e20, true)).toBeNull();
    expect(toMs('275760-09-14T00:00:00Z')).toBeNull();
    expect(toMs(1714557600, true)).toBe(1714557600000);
    const { convertParley } = await import('./parley.ts');
    const convo = convertParley({
      conversationId: 'c1',
      title: 'Params',
      options: {
        endpoint: 'openAI',
        model: 'gpt-4o',
        temperature: 'hot',
        top_p: 0.5,
        stop: ['a', 'b', 'c', 'd', 'e'],
      },
      messages: [
        { messageId: 'm1', parentMessageId: null, text: 'hi', isCreatedByUser: true, sender: 'User' },
      ],
    });
    expect(convo.parameters).toEqual({ top_p: 0.5 });
  });
});

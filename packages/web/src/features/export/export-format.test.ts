import { type Conversation, type Message, NO_PARENT } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPORT_OPTIONS,
  type ExportOptions,
  exportFileName,
  exportMessages,
  exportSupport,
  sanitizeFileName,
  toCsv,
  toJson,
  toMarkdown,
  toText,
  withType,
} from './export-format.ts';

const convo: Conversation = {
  conversationId: 'c1',
  title: 'Cats & dogs',
  endpoint: 'openAI',
  endpointType: null,
  model: 'gpt-4o',
  spec: null,
  isArchived: false,
  tags: [],
  expiredAt: null,
  createdAt: 1,
  updatedAt: 2,
  parameters: { temperature: 0.5 },
};

const msg = (
  id: string,
  parent: string,
  text: string,
  at: number,
  extra: Partial<Message> = {},
): Message => ({
  messageId: id,
  conversationId: 'c1',
  parentMessageId: parent,
  text,
  sender: extra.isCreatedByUser === false ? 'GPT-4o' : 'User',
  isCreatedByUser: true,
  error: false,
  unfinished: false,
  endpoint: 'openAI',
  model: null,
  createdAt: at,
  updatedAt: at,
  ...extra,
});

// u1 → (a1 | a2) ; a2 → u2 → a3. The newest path is u1, a2, u2, a3.
const messages: Message[] = [
  msg('u1', NO_PARENT, 'Hi', 1000),
  msg('a1', 'u1', 'Hello!', 2000, { isCreatedByUser: false }),
  msg('a2', 'u1', 'Hey there', 3000, { isCreatedByUser: false, unfinished: true }),
  msg('u2', 'a2', 'Say "hi", please,\nnow', 4000),
  msg('a3', 'u2', '', 5000, {
    isCreatedByUser: false,
    error: true,
    content: [{ type: 'text', text: 'Oops' }],
  }),
];
const now = new Date('2025-01-02T03:04:05.000Z');
const opts = (o: Partial<ExportOptions>): ExportOptions => ({ ...DEFAULT_EXPORT_OPTIONS, ...o });

describe('option rules', () => {
  it('starts as screenshot with options on, branches off, recursive on', () => {
    expect(DEFAULT_EXPORT_OPTIONS).toEqual({
      type: 'screenshot',
      includeOptions: true,
      branches: false,
      recursive: true,
    });
  });

  it('json and csv turn branches on; csv and screenshot turn options off; recursive only for json', () => {
    expect(withType(DEFAULT_EXPORT_OPTIONS, 'json')).toMatchObject({ branches: true, includeOptions: true });
    expect(withType(DEFAULT_EXPORT_OPTIONS, 'csv')).toMatchObject({ branches: true, includeOptions: false });
    expect(withType(withType(DEFAULT_EXPORT_OPTIONS, 'json'), 'markdown')).toMatchObject({
      branches: false,
      includeOptions: true,
    });
    expect(exportSupport('screenshot')).toEqual({ options: false, branches: false, recursive: false });
    expect(exportSupport('text')).toEqual({ options: true, branches: false, recursive: false });
    expect(exportSupport('json')).toEqual({ options: true, branches: true, recursive: true });
    expect(exportSupport('csv')).toEqual({ options: false, branches: true, recursive: false });
  });
});

describe('file names', () => {
  it('sanitizes titles', () => {
    expect(sanitizeFileName('a/b\\c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(sanitizeFileName('  ..hidden  ')).toBe('hidden');
    expect(sanitizeFileName('')).toBe('conversation');
    expect(sanitizeFileName('x'.repeat(300))).toHaveLength(120);
    expect(exportFileName('Cats & dogs', 'markdown')).toBe('Cats & dogs.md');
    expect(exportFileName('notes.json', 'json')).toBe('notes.json');
    expect(exportFileName('../../etc/passwd', 'text')).toBe('etc_passwd.txt');
  });
});

describe('branch selection', () => {
  it('all branches in reading order, or one branch', () => {
    expect(exportMessages(messages, true).map((m) => m.messageId)).toEqual(['u1', 'a1', 'a2', 'u2', 'a3']);
    expect(exportMessages(messages, false).map((m) => m.messageId)).toEqual(['u1', 'a2', 'u2', 'a3']);
    expect(exportMessages(messages, false, ['u1', 'a1']).map((m) => m.messageId)).toEqual(['u1', 'a1']);
    // A stale visible branch (ids no longer there) falls back to the newest path.
    expect(exportMessages(messages, false, ['u1', 'gone']).map((m) => m.messageId)).toEqual([
      'u1',
      'a2',
      'u2',
      'a3',
    ]);
  });
});

describe('text and markdown', () => {
  it('text has the header, options and the visible branch with flags', () => {
    const out = toText({ conversation: convo, messages, options: opts({ type: 'text' }), now });
    expect(out).toContain(
      'conversationId: c1\nendpoint: openAI\ntitle: Cats & dogs\nexportAt: 2025-01-02T03:04:05.000Z',
    );
    expect(out).toContain(
      'Options\n########################\nendpoint: openAI\nmodel: gpt-4o\ntemperature: 0.5\n',
    );
    expect(out).toContain('>> User:\nHi\n');
    expect(out).toContain('>> GPT-4o:\nHey there\n(This is an unfinished message)\n');
    expect(out).toContain('>> GPT-4o:\nOops\n(This is an error message)\n');
    expect(out).not.toContain('Hello!');
  });

  it('markdown without options', () => {
    const out = toMarkdown({
      conversation: convo,
      messages,
      options: opts({ type: 'markdown', includeOptions: false }),
      now,
    });
    expect(out.startsWith('# Conversation\n- conversationId: c1\n')).toBe(true);
    expect(out).not.toContain('## Options');
    expect(out).toContain('## History\n**User**\nHi\n');
    expect(out).toContain('**GPT-4o**\nHey there\n*(This is an unfinished message)*\n');
    expect(out).toContain('*(This is an error message)*');
  });
});

describe('json', () => {
  it('recursive nests children; branches on keeps every sibling', () => {
    const data = JSON.parse(
      toJson({
        conversation: convo,
        messages,
        options: opts({ type: 'json', branches: true, recursive: true }),
        now,
      }),
    );
    expect(data).toMatchObject({
      conversationId: 'c1',
      title: 'Cats & dogs',
      branches: true,
      recursive: true,
    });
    expect(data.options).toEqual({ endpoint: 'openAI', model: 'gpt-4o', temperature: 0.5 });
    expect(data.messages).toBeUndefined();
    expect(data.messagesTree).toHaveLength(1);
    const root = data.messagesTree[0];
    expect(root.messageId).toBe('u1');
    expect(root.children.map((c: Message) => c.messageId)).toEqual(['a1', 'a2']);
    expect(root.children[1].children[0].children[0].messageId).toBe('a3');
  });

  it('sequential and one branch: a flat list', () => {
    const data = JSON.parse(
      toJson({
        conversation: convo,
        messages,
        options: opts({ type: 'json', branches: false, recursive: false, includeOptions: false }),
        now,
      }),
    );
    expect(data.options).toBeUndefined();
    expect(data.messagesTree).toBeUndefined();
    expect(data.messages.map((m: Message) => m.messageId)).toEqual(['u1', 'a2', 'u2', 'a3']);
    expect(data.messages[0].children).toBeUndefined();
  });
});

describe('csv', () => {
  it('has the spec columns, quotes what needs quoting and defuses formulas', () => {
    const withFormula = [...messages, msg('u3', 'a1', '=HYPERLINK("x")', 6000)];
    const out = toCsv({
      conversation: convo,
      messages: withFormula,
      options: opts({ type: 'csv', branches: true }),
    });
    const lines = out.split('\r\n');
    expect(lines[0]).toBe('sender,text,isCreatedByUser,error,unfinished,messageId,parentMessageId,createdAt');
    expect(lines[1]).toBe(`User,Hi,true,false,false,u1,${NO_PARENT},1970-01-01T00:00:01.000Z`);
    expect(out).toContain('"Say ""hi"", please,\nnow"');
    expect(out).toContain(`"'=HYPERLINK(""x"")"`);
    // Header + 6 records: records end with CRLF, the newline inside a quoted cell stays LF.
    expect(lines.filter(Boolean)).toHaveLength(7);
  });
});

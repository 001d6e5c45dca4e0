import { NO_PARENT } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import type { ImportedConversation } from './formats/types.ts';
import { toImportRows } from './import-rows.ts';

const msg = (id: string, parent: string | null, createdAt: number | null, user = true) => ({
  sourceId: id,
  parentSourceId: parent,
  sender: user ? 'User' : 'GPT-4o',
  text: `text ${id}`,
  isCreatedByUser: user,
  createdAt,
});

const convo = (messages: ImportedConversation['messages'], extra: Partial<ImportedConversation> = {}) => ({
  title: 'T',
  endpoint: 'openAI',
  model: 'gpt-4o',
  createdAt: null,
  updatedAt: null,
  messages,
  ...extra,
});

describe('toImportRows', () => {
  it('gives new ids and keeps the tree', () => {
    const rows = toImportRows(
      'u1',
      convo([msg('a', null, 1000), msg('b', 'a', 2000, false), msg('c', 'a', 3000, false)]),
      9,
    )!;
    const ids = rows.messages.map((m) => m.message_id);
    expect(ids).not.toContain('a');
    expect(new Set(ids).size).toBe(3);
    const [a, b, c] = rows.messages;
    expect(a.parent_message_id).toBe(NO_PARENT);
    expect(b.parent_message_id).toBe(a.message_id);
    expect(c.parent_message_id).toBe(a.message_id);
    expect(
      rows.messages.every(
        (m) => m.user_id === 'u1' && m.conversation_id === rows.conversation.conversation_id,
      ),
    ).toBe(true);
    expect(rows.conversation).toMatchObject({
      user_id: 'u1',
      created_at: 1000,
      updated_at: 3000,
      title: 'T',
    });
  });

  it('orders messages without times after their parent, and orphans become roots', () => {
    const rows = toImportRows(
      'u1',
      convo([msg('a', null, null), msg('b', 'a', null), msg('x', 'missing', null)], { createdAt: 5000 }),
      9,
    )!;
    const byText = new Map(rows.messages.map((m) => [m.text, m]));
    expect(byText.get('text a')!.created_at).toBe(5000);
    expect(byText.get('text b')!.created_at).toBeGreaterThan(5000);
    expect(byText.get('text x')!.parent_message_id).toBe(NO_PARENT);
  });

  it('survives a cycle in the file', () => {
    const rows = toImportRows('u1', convo([msg('a', 'b', 1), msg('b', 'a', 2)]), 9)!;
    expect(rows.messages).toHaveLength(2);
  });

  it('skips empty conversations and defaults the title', () => {
    expect(toImportRows('u1', convo([]), 9)).toBeNull();
    expect(toImportRows('u1', convo([msg('a', null, 1)], { title: '  ' }), 9)!.conversation.title).toBe(
      'New Chat',
    );
    const long = toImportRows('u1', convo([msg('a', null, 1)], { title: 'x'.repeat(300) }), 9)!;
    expect(long.conversation.title).toHaveLength(100);
  });
});

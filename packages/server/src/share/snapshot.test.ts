import { NO_PARENT } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { newMessageRow } from '../db/rows.ts';
import type { MessageRow } from '../db/schema.ts';
import { buildSnapshot, newShareId } from './snapshot.ts';

const row = (id: string, parent: string, user: boolean, extra: Partial<MessageRow> = {}): MessageRow => ({
  ...newMessageRow({
    userId: 'owner-1',
    messageId: id,
    conversationId: 'conv-1',
    parentMessageId: parent,
    sender: user ? 'Alice Owner' : 'GPT-4o',
    text: `text of ${id}`,
    isCreatedByUser: user,
    endpoint: user ? null : 'openAI',
    model: 'gpt-4o',
    finishReason: 'stop',
    tokenCount: 12,
    clientTimestamp: '2026-11-23T10:00:00',
    createdAt: 1,
  }),
  ...extra,
});

describe('buildSnapshot', () => {
  it('renames every id but keeps the tree and its branches', () => {
    const rows = [
      row('u1', NO_PARENT, true),
      row('a1', 'u1', false),
      row('a2', 'u1', false),
      row('u2', 'a2', true),
      row('orphan', 'gone', false),
    ];
    const snap = buildSnapshot(rows);
    const byOld = new Map(rows.map((r, i) => [r.message_id, snap[i]]));
    expect(byOld.get('u1')!.parentMessageId).toBe(NO_PARENT);
    expect(byOld.get('a1')!.parentMessageId).toBe(byOld.get('u1')!.messageId);
    expect(byOld.get('a2')!.parentMessageId).toBe(byOld.get('u1')!.messageId);
    expect(byOld.get('u2')!.parentMessageId).toBe(byOld.get('a2')!.messageId);
    expect(byOld.get('orphan')!.parentMessageId).toBe(NO_PARENT);
    expect(new Set(snap.map((m) => m.conversationId)).size).toBe(1);
    const json = JSON.stringify(snap);
    for (const secret of ['u1', 'a1', 'conv-1', 'owner-1', 'Alice Owner', '2026-11-23T10:00:00'])
      expect(json).not.toContain(`"${secret}"`);
    expect(snap[0].sender).toBe('User');
    expect(snap[1].sender).toBe('GPT-4o');
    expect(snap[1]).not.toHaveProperty('tokenCount');
  });

  it('makes long, URL-safe, distinct share ids', () => {
    const ids = new Set(Array.from({ length: 200 }, newShareId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

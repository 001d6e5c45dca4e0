import { DEFAULT_TITLE } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { newConversationRow, newFileRow, newMessageRow } from './rows.ts';

describe('row builders', () => {
  it('a new conversation: untitled, unarchived, untagged, not temporary, updated when created', () => {
    const row = newConversationRow({ userId: 'u', endpoint: 'openAI', model: 'gpt-4o', createdAt: 5 });
    expect(row).toEqual({
      conversation_id: expect.any(String),
      user_id: 'u',
      title: DEFAULT_TITLE,
      endpoint: 'openAI',
      endpoint_type: null,
      model: 'gpt-4o',
      parameters: null,
      spec: null,
      agent_id: null,
      is_archived: 0,
      tags: '[]',
      expired_at: null,
      created_at: 5,
      updated_at: 5,
    });
    const tagged = newConversationRow({
      userId: 'u',
      endpoint: null,
      model: null,
      parameters: { temperature: 0.3 },
      tags: ['Saved'],
      isArchived: true,
    });
    expect(tagged).toMatchObject({ parameters: '{"temperature":0.3}', tags: '["Saved"]', is_archived: 1 });
  });

  it('a new message: flags as 0/1, JSON columns, and empty lists stored as nothing', () => {
    const base = { userId: 'u', conversationId: 'c', parentMessageId: 'p', sender: 'User', text: 'hi' };
    const user = newMessageRow({ ...base, isCreatedByUser: true, content: [], files: [], createdAt: 7 });
    expect(user).toMatchObject({
      is_created_by_user: 1,
      error: 0,
      unfinished: 0,
      content: null,
      files: null,
      metadata: null,
      token_count: null,
      created_at: 7,
      updated_at: 7,
    });
    const reply = newMessageRow({
      ...base,
      isCreatedByUser: false,
      error: true,
      content: [{ type: 'text', text: 'hi' }],
      metadata: { contextDropped: 2 },
    });
    expect(reply).toMatchObject({
      is_created_by_user: 0,
      error: 1,
      content: '[{"type":"text","text":"hi"}]',
      metadata: '{"contextDropped":2}',
    });
    expect(reply.message_id).not.toBe(user.message_id);
  });

  it('a new file: a local upload, ready, not embedded, in no conversation, updated when created', () => {
    const base = { userId: 'u', filename: 'a.pdf', storageKey: 'u/f', type: 'application/pdf', bytes: 3 };
    expect(newFileRow({ ...base, fileId: 'f', createdAt: 9 })).toEqual({
      file_id: 'f',
      user_id: 'u',
      filename: 'a.pdf',
      storage_key: 'u/f',
      type: 'application/pdf',
      bytes: 3,
      width: null,
      height: null,
      source: 'local',
      tool_resource: null,
      status: 'ready',
      error: null,
      embedded: 0,
      tokens: null,
      conversation_id: null,
      message_id: null,
      created_at: 9,
      updated_at: 9,
      expires_at: null,
    });
    const processed = newFileRow({ ...base, toolResource: 'file_search', embedded: true, tokens: 42 });
    expect(processed).toMatchObject({ tool_resource: 'file_search', embedded: 1, tokens: 42 });
    expect(processed.file_id).not.toBe(newFileRow(base).file_id);
  });
});

import type { Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { withSentFiles } from './run.ts';

const message = (files?: Message['files']): Message => ({
  messageId: 'm1',
  conversationId: 'c1',
  parentMessageId: '00000000-0000-0000-0000-000000000000',
  text: 'look',
  sender: 'User',
  isCreatedByUser: true,
  error: false,
  unfinished: false,
  endpoint: 'openAI',
  model: 'gpt-4o',
  createdAt: 1,
  updatedAt: 1,
  ...(files ? { files } : {}),
});

describe('withSentFiles', () => {
  const sent = [{ file_id: 'f1', filename: 'a.png', type: 'image/png' }];

  it("keeps the files a question was sent with when the server's copy names none", () => {
    expect(withSentFiles(message(), message(sent)).files).toEqual(sent);
  });

  it("prefers the server's files, and changes nothing without local ones", () => {
    const server = message([{ file_id: 'f1', filename: 'a.png', filepath: '/api/files/download/u/f1' }]);
    expect(withSentFiles(server, message(sent))).toBe(server);
    const bare = message();
    expect(withSentFiles(bare, message())).toBe(bare);
    expect(withSentFiles(bare, undefined)).toBe(bare);
  });
});

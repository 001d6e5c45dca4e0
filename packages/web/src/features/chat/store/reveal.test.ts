import { type Message, NO_PARENT } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { createTreeStore, loadMessages } from './message-tree.ts';
import { revealMessage } from './reveal.ts';

let clock = 1000;
function msg(id: string, parent: string): Message {
  clock += 1;
  return {
    messageId: id,
    conversationId: 'c1',
    parentMessageId: parent,
    text: id,
    sender: 'User',
    isCreatedByUser: true,
    error: false,
    unfinished: false,
    endpoint: null,
    model: null,
    createdAt: clock,
    updatedAt: clock,
  };
}

describe('revealMessage', () => {
  it('switches every level above a message on an older branch', () => {
    const store = createTreeStore();
    // u1 → (a1 → u2 → a2) | (a1b → u3); u0 is an older root sibling.
    loadMessages(store, [
      msg('u0', NO_PARENT),
      msg('u1', NO_PARENT),
      msg('a1', 'u1'),
      msg('u2', 'a1'),
      msg('a2', 'u2'),
      msg('a1b', 'u1'),
      msg('u3', 'a1b'),
    ]);
    expect(store.getState().branch).toEqual(['u1', 'a1b', 'u3']);
    expect(revealMessage(store, 'u2')).toBe(true);
    expect(store.getState().branch).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(revealMessage(store, 'u0')).toBe(true);
    expect(store.getState().branch).toEqual(['u0']);
  });

  it('leaves the branch alone for a message on it or not loaded', () => {
    const store = createTreeStore();
    loadMessages(store, [msg('u1', NO_PARENT), msg('a1', 'u1')]);
    const branch = store.getState().branch;
    expect(revealMessage(store, 'a1')).toBe(true);
    expect(revealMessage(store, 'nope')).toBe(false);
    expect(store.getState().branch).toBe(branch);
  });
});

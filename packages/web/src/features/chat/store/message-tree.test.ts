import { type Message, NO_PARENT } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import {
  createTreeStore,
  loadMessages,
  removeMessages,
  selectSibling,
  setPinned,
  upsertMessages,
} from './message-tree.ts';

let clock = 1000;
function msg(id: string, parent: string, extra: Partial<Message> = {}): Message {
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
    ...extra,
  };
}

describe('message tree store', () => {
  it('loads an unordered list and shows the newest branch', () => {
    const store = createTreeStore();
    const u1 = msg('u1', NO_PARENT);
    const a1 = msg('a1', 'u1');
    const a2 = msg('a2', 'u1');
    loadMessages(store, [a2, u1, a1]);
    expect(store.getState().branch).toEqual(['u1', 'a2']);
    expect(store.getState().loaded).toBe(true);
  });

  it('hangs orphans from the root', () => {
    const store = createTreeStore();
    loadMessages(store, [msg('x', 'missing')]);
    expect(store.getState().branch).toEqual(['x']);
  });

  it('updates text without replacing the branch array', () => {
    const store = createTreeStore();
    upsertMessages(store, [msg('u1', NO_PARENT), msg('a1', 'u1', { text: '' })]);
    const branch = store.getState().branch;
    const rev = store.getState().rev;
    upsertMessages(store, [{ ...store.getState().byId.get('a1')!, text: 'hello' }]);
    expect(store.getState().branch).toBe(branch);
    expect(store.getState().rev).toBe(rev + 1);
    expect(store.getState().byId.get('a1')!.text).toBe('hello');
  });

  it('switches siblings and resets when a sibling is added', () => {
    const store = createTreeStore();
    upsertMessages(store, [msg('u1', NO_PARENT), msg('a1', 'u1'), msg('a2', 'u1')]);
    selectSibling(store, 'u1', 0);
    expect(store.getState().branch).toEqual(['u1', 'a1']);
    upsertMessages(store, [msg('a3', 'u1')]);
    expect(store.getState().branch).toEqual(['u1', 'a3']);
  });

  it('does not let a reload overwrite a pinned (streaming) message', () => {
    const store = createTreeStore();
    upsertMessages(store, [msg('u1', NO_PARENT), msg('a1', 'u1', { text: 'live text' })]);
    setPinned(store, 'a1', true);
    loadMessages(store, [msg('u1', NO_PARENT), msg('a1', 'u1', { text: 'stale' })]);
    expect(store.getState().byId.get('a1')!.text).toBe('live text');
  });

  it('tracks local-only messages and removes messages', () => {
    const store = createTreeStore();
    upsertMessages(store, [msg('u1', NO_PARENT)], { localOnly: true });
    expect(store.getState().localOnly.has('u1')).toBe(true);
    upsertMessages(store, [msg('u1', NO_PARENT)]);
    expect(store.getState().localOnly.has('u1')).toBe(false);
    removeMessages(store, ['u1']);
    expect(store.getState().branch).toEqual([]);
  });
});

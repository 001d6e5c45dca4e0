import { type Message, NO_PARENT } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { type MessageOptions, msg } from '../../../testing/fixtures.ts';
import {
  createTreeStore,
  loadMessages,
  removeMessages,
  selectSibling,
  setPinned,
  upsertMessages,
} from './message-tree.ts';

let clock = 1000;
/** Each node one tick newer than the last, its text its id, with no endpoint. */
function node(id: string, parent: string, extra: MessageOptions = {}): Message {
  clock += 1;
  return msg(id, parent, { text: id, endpoint: null, model: null, at: clock, ...extra });
}

describe('message tree store', () => {
  it('loads an unordered list and shows the newest branch', () => {
    const store = createTreeStore();
    const u1 = node('u1', NO_PARENT);
    const a1 = node('a1', 'u1');
    const a2 = node('a2', 'u1');
    loadMessages(store, [a2, u1, a1]);
    expect(store.getState().branch).toEqual(['u1', 'a2']);
    expect(store.getState().loaded).toBe(true);
  });

  it('hangs orphans from the root', () => {
    const store = createTreeStore();
    loadMessages(store, [node('x', 'missing')]);
    expect(store.getState().branch).toEqual(['x']);
  });

  it('updates text without replacing the branch array', () => {
    const store = createTreeStore();
    upsertMessages(store, [node('u1', NO_PARENT), node('a1', 'u1', { text: '' })]);
    const branch = store.getState().branch;
    const rev = store.getState().rev;
    upsertMessages(store, [{ ...store.getState().byId.get('a1')!, text: 'hello' }]);
    expect(store.getState().branch).toBe(branch);
    expect(store.getState().rev).toBe(rev + 1);
    expect(store.getState().byId.get('a1')!.text).toBe('hello');
  });

  it('switches siblings and resets when a sibling is added', () => {
    const store = createTreeStore();
    upsertMessages(store, [node('u1', NO_PARENT), node('a1', 'u1'), node('a2', 'u1')]);
    selectSibling(store, 'u1', 0);
    expect(store.getState().branch).toEqual(['u1', 'a1']);
    upsertMessages(store, [node('a3', 'u1')]);
    expect(store.getState().branch).toEqual(['u1', 'a3']);
  });

  it('does not let a reload overwrite a pinned (streaming) message', () => {
    const store = createTreeStore();
    upsertMessages(store, [node('u1', NO_PARENT), node('a1', 'u1', { text: 'live text' })]);
    setPinned(store, 'a1', true);
    loadMessages(store, [node('u1', NO_PARENT), node('a1', 'u1', { text: 'stale' })]);
    expect(store.getState().byId.get('a1')!.text).toBe('live text');
  });

  it('tracks local-only messages and removes messages', () => {
    const store = createTreeStore();
    upsertMessages(store, [node('u1', NO_PARENT)], { localOnly: true });
    expect(store.getState().localOnly.has('u1')).toBe(true);
    upsertMessages(store, [node('u1', NO_PARENT)]);
    expect(store.getState().localOnly.has('u1')).toBe(false);
    removeMessages(store, ['u1']);
    expect(store.getState().branch).toEqual([]);
  });
});

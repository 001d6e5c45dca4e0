import { type Message, NO_PARENT } from '@parley/schema';
import { createStore, type StoreApi, useStore } from 'zustand';
import { byCreation, choiceFor, type Selection, treeParentsOf, walkBranch } from '../tree.ts';

/**
 * One conversation's messages, normalized (DESIGN §7). `byId` and `childrenOf` are updated in place
 * and every change bumps `rev`, so a streamed delta costs O(1): no copy of the tree, no rebuild.
 * Selectors read single entries (`byId.get(id)`), so only the changed message re-renders; the
 * `branch` array is replaced only when the structure or a sibling choice changes.
 */
export type TreeState = {
  byId: Map<string, Message>;
  childrenOf: Map<string, string[]>;
  /** Where each message hangs (its parent, or the root for orphans). */
  parentOf: Map<string, string>;
  selection: Selection;
  /** The visible branch, root first. */
  branch: string[];
  /** The server conversation id, once known (a new chat learns it from the `created` frame). */
  conversationId: string | null;
  /** The full list has been loaded from the server (or the tree was born locally). */
  loaded: boolean;
  /** Messages a live stream owns: a server reload must not overwrite them. */
  pinned: Set<string>;
  /** Messages that never reached the server (a failed send). */
  localOnly: Set<string>;
  rev: number;
};

export type TreeStore = StoreApi<TreeState>;

export function createTreeStore(): TreeStore {
  return createStore<TreeState>()(() => ({
    byId: new Map(),
    childrenOf: new Map(),
    parentOf: new Map(),
    selection: {},
    branch: [],
    conversationId: null,
    loaded: false,
    pinned: new Set(),
    localOnly: new Set(),
    rev: 0,
  }));
}

function sameBranch(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

function insertChild(state: TreeState, parent: string, message: Message): void {
  let children = state.childrenOf.get(parent);
  if (!children) {
    children = [];
    state.childrenOf.set(parent, children);
  }
  // Keep creation order; appends are the common case, so scan from the end.
  let at = children.length;
  while (at > 0) {
    const prev = state.byId.get(children[at - 1]);
    if (!prev || byCreation(prev, message) <= 0) break;
    at--;
  }
  children.splice(at, 0, message.messageId);
  state.parentOf.set(message.messageId, parent);
}

function detachChild(state: TreeState, id: string): void {
  const parent = state.parentOf.get(id);
  if (parent === undefined) return;
  const children = state.childrenOf.get(parent);
  if (children) {
    const at = children.indexOf(id);
    if (at !== -1) children.splice(at, 1);
  }
  state.parentOf.delete(id);
}

/** Write one message; returns true when the tree structure changed. */
function put(state: TreeState, message: Message, parentHint?: string): boolean {
  const id = message.messageId;
  const prev = state.byId.get(id);
  state.byId.set(id, message);
  const parent =
    parentHint ??
    (message.parentMessageId && message.parentMessageId !== id ? message.parentMessageId : NO_PARENT);
  if (!prev) {
    insertChild(state, parent, message);
    return true;
  }
  if (prev.parentMessageId !== message.parentMessageId && parentHint === undefined) {
    detachChild(state, id);
    insertChild(state, parent, message);
    return true;
  }
  return false;
}

function commit(store: TreeStore, structural: boolean, extra: Partial<TreeState> = {}): void {
  const state = store.getState();
  const next: Partial<TreeState> = { rev: state.rev + 1, ...extra };
  if (structural || extra.selection) {
    const branch = walkBranch(state.childrenOf, extra.selection ?? state.selection);
    if (!sameBranch(branch, state.branch)) next.branch = branch;
  }
  store.setState(next);
}

/** Add or replace messages (created frame, flushes of a stream, final frame). */
export function upsertMessages(
  store: TreeStore,
  messages: readonly Message[],
  options?: { localOnly?: boolean },
) {
  const state = store.getState();
  let structural = false;
  for (const message of messages) {
    if (put(state, message)) structural = true;
    if (options?.localOnly) state.localOnly.add(message.messageId);
    else state.localOnly.delete(message.messageId);
  }
  commit(store, structural);
}

/** Merge the server's full list; messages pinned by a live stream keep their local state. */
export function loadMessages(store: TreeStore, messages: readonly Message[]): void {
  const state = store.getState();
  const parents = treeParentsOf(messages);
  const sorted = [...messages].sort(byCreation);
  let structural = false;
  for (const message of sorted) {
    if (state.pinned.has(message.messageId) && state.byId.has(message.messageId)) continue;
    if (put(state, message, parents.get(message.messageId))) structural = true;
    state.localOnly.delete(message.messageId);
  }
  commit(store, structural || !state.loaded, { loaded: true });
}

export function removeMessages(store: TreeStore, ids: readonly string[]): void {
  const state = store.getState();
  for (const id of ids) {
    detachChild(state, id);
    state.byId.delete(id);
    state.pinned.delete(id);
    state.localOnly.delete(id);
  }
  commit(store, true);
}

/** Show sibling `index` (0-based, oldest first) under `parentId`. */
export function selectSibling(store: TreeStore, parentId: string, index: number): void {
  const state = store.getState();
  const count = state.childrenOf.get(parentId)?.length ?? 0;
  if (count === 0) return;
  commit(store, false, { selection: { ...state.selection, [parentId]: choiceFor(index, count) } });
}

export function setPinned(store: TreeStore, id: string, pinned: boolean): void {
  const { pinned: set } = store.getState();
  if (pinned) set.add(id);
  else set.delete(id);
}

export function setTreeMeta(
  store: TreeStore,
  meta: Partial<Pick<TreeState, 'conversationId' | 'loaded'>>,
): void {
  store.setState(meta);
}

// ---------------------------------------------------------------------------------------------
// Registry: one store per open conversation. A new chat starts under a local key ("new:<uuid>")
// and gains an alias when the server names the conversation, so the same store follows the URL.

const stores = new Map<string, TreeStore>();
const aliases = new Map<string, string>();

export function treeKeyFor(conversationId: string): string {
  return aliases.get(conversationId) ?? conversationId;
}

export function getTreeStore(key: string): TreeStore {
  let store = stores.get(key);
  if (!store) {
    store = createTreeStore();
    if (!key.startsWith('new:')) store.setState({ conversationId: key });
    stores.set(key, store);
  }
  return store;
}

export function peekTreeStore(key: string): TreeStore | undefined {
  return stores.get(key);
}

export function aliasConversation(conversationId: string, key: string): void {
  if (conversationId !== key) aliases.set(conversationId, key);
}

export function resetTreeStores(): void {
  stores.clear();
  aliases.clear();
}

// Hooks ----------------------------------------------------------------------------------------

export function useTreeBranch(store: TreeStore): string[] {
  return useStore(store, (s) => s.branch);
}

export function useTreeMessage(store: TreeStore, id: string): Message | undefined {
  return useStore(store, (s) => s.byId.get(id));
}

export function useSiblings(store: TreeStore, parentId: string) {
  const count = useStore(store, (s) => s.childrenOf.get(parentId)?.length ?? 0);
  const choice = useStore(store, (s) => s.selection[parentId]);
  return { count, choice };
}

export function useTreeLoaded(store: TreeStore): boolean {
  return useStore(store, (s) => s.loaded);
}

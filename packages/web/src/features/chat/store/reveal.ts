import { NO_PARENT } from '@parley/schema';
import { selectSibling, type TreeStore } from './message-tree.ts';

/**
 * Make the visible branch pass through `messageId` (a search hit may sit on an older sibling
 * branch) by choosing, at every level above it, the sibling that leads to it. Returns whether the
 * message is on the branch afterwards (false when it is not loaded).
 */
export function revealMessage(store: TreeStore, messageId: string): boolean {
  const state = store.getState();
  if (!state.byId.has(messageId)) return false;
  if (state.branch.includes(messageId)) return true;
  const path: [parent: string, index: number][] = [];
  const seen = new Set<string>();
  for (let id = messageId; id !== NO_PARENT && !seen.has(id); ) {
    seen.add(id);
    const parent = state.parentOf.get(id) ?? NO_PARENT;
    const index = state.childrenOf.get(parent)?.indexOf(id) ?? -1;
    if (index >= 0) path.push([parent, index]);
    id = parent;
  }
  for (const [parent, index] of path.reverse()) selectSibling(store, parent, index);
  return store.getState().branch.includes(messageId);
}

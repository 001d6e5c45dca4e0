import { type Message, NO_PARENT } from '@parley/schema';

/** The chosen sibling under one parent: `offset` counts back from the newest. */
export type SiblingChoice = { offset: number; count: number };
export type Selection = Readonly<Record<string, SiblingChoice>>;
export type ChildrenIndex = ReadonlyMap<string, readonly string[]>;

/**
 * Index of the visible child among `count` siblings. The newest is the default; a choice holds only
 * while the sibling count is unchanged, so a new sibling (regenerate) resets it (doc 3 §4 Messages).
 */
export function chosenIndex(count: number, choice: SiblingChoice | undefined): number {
  if (count <= 0) return -1;
  if (!choice || choice.count !== count) return count - 1;
  return Math.min(Math.max(count - 1 - choice.offset, 0), count - 1);
}

/** The choice that shows child `index` (0-based, oldest first) among `count`. */
export function choiceFor(index: number, count: number): SiblingChoice {
  const clamped = Math.min(Math.max(index, 0), Math.max(count - 1, 0));
  return { offset: count - 1 - clamped, count };
}

/** The visible branch: from the root, follow the chosen child at each level. */
export function walkBranch(
  childrenOf: ChildrenIndex,
  selection: Selection,
  root: string = NO_PARENT,
): string[] {
  const branch: string[] = [];
  const seen = new Set<string>();
  let parent = root;
  for (;;) {
    const children = childrenOf.get(parent);
    if (!children || children.length === 0) break;
    const id = children[chosenIndex(children.length, selection[parent])];
    if (seen.has(id)) break; // A cycle in bad data must not hang the page.
    seen.add(id);
    branch.push(id);
    parent = id;
  }
  return branch;
}

/** 1-based position and total of the visible child under `parentId`, as shown by "n / total". */
export function siblingPosition(
  count: number,
  choice: SiblingChoice | undefined,
): { index: number; total: number } {
  return { index: chosenIndex(count, choice) + 1, total: count };
}

/** Children order: oldest first; ties keep insertion order. */
export function byCreation(a: Message, b: Message): number {
  return a.createdAt - b.createdAt;
}

/**
 * Tree parents for a full message list: a message whose parent is absent hangs from the root so
 * it stays reachable.
 */
export function treeParentsOf(messages: readonly Message[]): Map<string, string> {
  const ids = new Set(messages.map((m) => m.messageId));
  const parents = new Map<string, string>();
  for (const m of messages) {
    const parent = m.parentMessageId;
    parents.set(
      m.messageId,
      parent !== NO_PARENT && ids.has(parent) && parent !== m.messageId ? parent : NO_PARENT,
    );
  }
  return parents;
}

/**
 * The parent for the next user message: the end of the visible branch, skipping messages that
 * never reached the server (a failed send), since the server does not know them.
 */
export function nextParentId(branch: readonly string[], localOnly: ReadonlySet<string>): string {
  for (let i = branch.length - 1; i >= 0; i--) {
    if (!localOnly.has(branch[i])) return branch[i];
  }
  return NO_PARENT;
}

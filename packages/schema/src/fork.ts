import { NO_PARENT } from './constants.ts';

/** Fork options (doc 3 §9): what a fork copies from the source conversation's message tree. */
export const ForkOptions = {
  /** The visible path: the branch from the root down to the target message, nothing else. */
  DIRECT_PATH: 'directPath',
  /** The visible path plus every sibling of a message on it (the other versions of each turn). */
  INCLUDE_BRANCHES: 'includeBranches',
  /** Every message of the whole tree whose depth is at most the target's depth. */
  TARGET_LEVEL: 'targetLevel',
} as const;
export type ForkOption = (typeof ForkOptions)[keyof typeof ForkOptions];
export const FORK_OPTIONS = [
  ForkOptions.DIRECT_PATH,
  ForkOptions.INCLUDE_BRANCHES,
  ForkOptions.TARGET_LEVEL,
] as const;

export interface ForkNode {
  messageId: string;
  parentMessageId: string;
}

export interface ForkSelection {
  targetId: string;
  option: ForkOption;
  /** Start the fork at the target: its ancestors are dropped and it becomes a root. */
  splitAtTarget?: boolean;
  /**
   * With splitAtTarget, where the fork ends: the latest message of the visible branch. Used only
   * when it is the target or one of its descendants; otherwise the fork ends at the target.
   */
  latestMessageId?: string | null;
}

/**
 * The messages a fork copies, in input order, or null when the target is not in the tree.
 *
 * Depth counts from the roots (a root, or a message whose parent is missing, has depth 0). Let
 * `end` be the target, or the latest message with splitAtTarget (see ForkSelection). Then:
 * - directPath: the ancestors of `end` and `end` itself;
 * - includeBranches: that path plus every message whose parent is on the path (roots count as
 *   children of a virtual root on the path), except children of `end`; siblings come without
 *   their own replies;
 * - targetLevel: every message whose depth is at most the depth of `end`;
 * - splitAtTarget: of that selection, messages shallower than the target are dropped, so the
 *   target (and, for the wider options, the other messages at its depth) become roots.
 */
export function selectForkMessages<T extends ForkNode>(
  messages: readonly T[],
  sel: ForkSelection,
): T[] | null {
  const byId = new Map(messages.map((m) => [m.messageId, m]));
  const target = byId.get(sel.targetId);
  if (!target) return null;
  const parentOf = (m: T): T | undefined =>
    m.parentMessageId === NO_PARENT ? undefined : byId.get(m.parentMessageId);

  /** Ancestors of `m` and `m`, root first; stops on a cycle. */
  const pathTo = (m: T): T[] => {
    const out: T[] = [];
    const seen = new Set<string>();
    for (let cur: T | undefined = m; cur && !seen.has(cur.messageId); cur = parentOf(cur)) {
      seen.add(cur.messageId);
      out.push(cur);
    }
    return out.reverse();
  };

  const targetPath = pathTo(target);
  let end = target;
  if (sel.splitAtTarget && sel.latestMessageId) {
    const latest = byId.get(sel.latestMessageId);
    if (latest && pathTo(latest).some((m) => m.messageId === target.messageId)) end = latest;
  }
  const endPath = end === target ? targetPath : pathTo(end);

  let chosen: Set<string>;
  if (sel.option === ForkOptions.DIRECT_PATH) {
    chosen = new Set(endPath.map((m) => m.messageId));
  } else if (sel.option === ForkOptions.INCLUDE_BRANCHES) {
    chosen = new Set(endPath.map((m) => m.messageId));
    const onPath = new Set(chosen);
    for (const m of messages) {
      const parent = parentOf(m);
      // A root's siblings are the other roots: the virtual root above them is on every path.
      const parentOnPath = parent ? onPath.has(parent.messageId) : true;
      if (parentOnPath && parent?.messageId !== end.messageId) chosen.add(m.messageId);
    }
  } else {
    const depth = depthsOf(messages, parentOf);
    const limit = depth.get(end.messageId) ?? 0;
    chosen = new Set(messages.filter((m) => (depth.get(m.messageId) ?? 0) <= limit).map((m) => m.messageId));
  }

  if (sel.splitAtTarget) {
    const depth = depthsOf(messages, parentOf);
    const from = targetPath.length - 1;
    for (const id of [...chosen]) if ((depth.get(id) ?? 0) < from) chosen.delete(id);
  }
  return messages.filter((m) => chosen.has(m.messageId));
}

function depthsOf<T extends ForkNode>(messages: readonly T[], parentOf: (m: T) => T | undefined) {
  const depth = new Map<string, number>();
  const visit = (m: T): number => {
    const known = depth.get(m.messageId);
    if (known !== undefined) return known;
    // Walk up iteratively: deep trees must not overflow the stack.
    const chain: T[] = [];
    const seen = new Set<string>();
    let cur: T | undefined = m;
    let base = -1;
    while (cur && !seen.has(cur.messageId)) {
      const d = depth.get(cur.messageId);
      if (d !== undefined) {
        base = d;
        break;
      }
      seen.add(cur.messageId);
      chain.push(cur);
      cur = parentOf(cur);
    }
    for (let i = chain.length - 1; i >= 0; i--) depth.set(chain[i].messageId, ++base);
    return depth.get(m.messageId) ?? 0;
  };
  for (const m of messages) visit(m);
  return depth;
}

/**
 * New ids for copied messages, with parent links remapped inside the copy. A message whose
 * parent was not copied becomes a root.
 */
export function remapTree<T extends ForkNode>(
  messages: readonly T[],
  newId: () => string,
): { oldId: string; messageId: string; parentMessageId: string }[] {
  const ids = new Map(messages.map((m) => [m.messageId, newId()]));
  return messages.map((m) => ({
    oldId: m.messageId,
    messageId: ids.get(m.messageId) as string,
    parentMessageId: ids.get(m.parentMessageId) ?? NO_PARENT,
  }));
}

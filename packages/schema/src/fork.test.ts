import { describe, expect, it } from 'vitest';
import { NO_PARENT } from './constants.ts';
import { ForkOptions, remapTree, selectForkMessages } from './fork.ts';

/**
 * a (root)             a2 (edited root)
 * ├─ b                 └─ x
 * │  ├─ c ─ d ─ e
 * │  └─ c2 ─ d2
 * └─ b2 ─ f
 */
const edges: [string, string][] = [
  ['a', NO_PARENT],
  ['b', 'a'],
  ['c', 'b'],
  ['d', 'c'],
  ['e', 'd'],
  ['c2', 'b'],
  ['d2', 'c2'],
  ['b2', 'a'],
  ['f', 'b2'],
  ['a2', NO_PARENT],
  ['x', 'a2'],
];
const tree = edges.map(([messageId, parentMessageId]) => ({ messageId, parentMessageId }));
const ids = (sel: Parameters<typeof selectForkMessages>[1]) =>
  selectForkMessages(tree, sel)?.map((m) => m.messageId);

describe('selectForkMessages', () => {
  it('visible path: the branch from the root to the target', () => {
    expect(ids({ targetId: 'd', option: ForkOptions.DIRECT_PATH })).toEqual(['a', 'b', 'c', 'd']);
    expect(ids({ targetId: 'a', option: ForkOptions.DIRECT_PATH })).toEqual(['a']);
  });

  it('include branches: the path plus the siblings along it, without their replies or the target children', () => {
    expect(ids({ targetId: 'd', option: ForkOptions.INCLUDE_BRANCHES })).toEqual([
      'a',
      'b',
      'c',
      'd',
      'c2',
      'b2',
      'a2',
    ]);
  });

  it('target level: every message of the tree up to the target depth', () => {
    expect(ids({ targetId: 'c', option: ForkOptions.TARGET_LEVEL })).toEqual([
      'a',
      'b',
      'c',
      'c2',
      'b2',
      'f',
      'a2',
      'x',
    ]);
  });

  it('split at target drops the ancestors; with the latest message the fork runs target → latest', () => {
    expect(ids({ targetId: 'c', option: ForkOptions.DIRECT_PATH, splitAtTarget: true })).toEqual(['c']);
    expect(
      ids({ targetId: 'c', option: ForkOptions.DIRECT_PATH, splitAtTarget: true, latestMessageId: 'e' }),
    ).toEqual(['c', 'd', 'e']);
    // Other messages at the target depth stay, as roots of the copy.
    expect(ids({ targetId: 'c', option: ForkOptions.TARGET_LEVEL, splitAtTarget: true })).toEqual([
      'c',
      'c2',
      'f',
    ]);
    // A "latest" outside the target subtree is ignored.
    expect(
      ids({ targetId: 'c', option: ForkOptions.DIRECT_PATH, splitAtTarget: true, latestMessageId: 'f' }),
    ).toEqual(['c']);
    // Without split the latest message is not used.
    expect(ids({ targetId: 'b', option: ForkOptions.DIRECT_PATH, latestMessageId: 'e' })).toEqual(['a', 'b']);
  });

  it('returns null for an unknown target and survives a cycle', () => {
    expect(selectForkMessages(tree, { targetId: 'zzz', option: ForkOptions.DIRECT_PATH })).toBeNull();
    const cyclic = [
      { messageId: 'p', parentMessageId: 'q' },
      { messageId: 'q', parentMessageId: 'p' },
    ];
    expect(selectForkMessages(cyclic, { targetId: 'p', option: 'directPath' })?.length).toBe(2);
    expect(selectForkMessages(cyclic, { targetId: 'p', option: 'targetLevel' })?.length).toBe(2);
  });
});

describe('remapTree', () => {
  it('gives new ids and keeps links inside the copy; dropped parents make roots', () => {
    let n = 0;
    const picked = selectForkMessages(tree, {
      targetId: 'd',
      option: 'directPath',
      splitAtTarget: true,
      latestMessageId: 'e',
    });
    const out = remapTree(picked ?? [], () => `n${++n}`);
    expect(out).toEqual([
      { oldId: 'd', messageId: 'n1', parentMessageId: NO_PARENT },
      { oldId: 'e', messageId: 'n2', parentMessageId: 'n1' },
    ]);
  });
});

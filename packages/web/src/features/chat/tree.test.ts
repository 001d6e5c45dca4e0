import { NO_PARENT } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { choiceFor, chosenIndex, nextParentId, siblingPosition, walkBranch } from './tree.ts';

const index = (entries: Record<string, string[]>) => new Map(Object.entries(entries));

describe('chosenIndex', () => {
  it('defaults to the newest child', () => {
    expect(chosenIndex(3, undefined)).toBe(2);
    expect(chosenIndex(0, undefined)).toBe(-1);
  });
  it('keeps a choice while the count is unchanged and resets when it changes', () => {
    const choice = choiceFor(0, 3);
    expect(chosenIndex(3, choice)).toBe(0);
    expect(chosenIndex(4, choice)).toBe(3);
  });
});

describe('walkBranch', () => {
  const tree = index({
    [NO_PARENT]: ['u1'],
    u1: ['a1', 'a2'],
    a1: ['u2'],
    a2: ['u3'],
    u3: ['a3'],
  });
  it('follows the newest child by default', () => {
    expect(walkBranch(tree, {})).toEqual(['u1', 'a2', 'u3', 'a3']);
  });
  it('follows the selected sibling', () => {
    expect(walkBranch(tree, { u1: choiceFor(0, 2) })).toEqual(['u1', 'a1', 'u2']);
  });
  it('is empty for an empty tree and survives cycles', () => {
    expect(walkBranch(new Map(), {})).toEqual([]);
    expect(walkBranch(index({ [NO_PARENT]: ['x'], x: ['y'], y: ['x'] }), {})).toEqual(['x', 'y']);
  });
});

describe('siblingPosition', () => {
  it('shows n / total with the newest last', () => {
    expect(siblingPosition(3, undefined)).toEqual({ index: 3, total: 3 });
    expect(siblingPosition(3, choiceFor(1, 3))).toEqual({ index: 2, total: 3 });
    expect(siblingPosition(4, choiceFor(1, 3))).toEqual({ index: 4, total: 4 });
  });
});

describe('nextParentId', () => {
  it('skips local-only messages at the end of the branch', () => {
    expect(nextParentId(['u1', 'a1', 'u2', 'a2'], new Set(['u2', 'a2']))).toBe('a1');
    expect(nextParentId([], new Set())).toBe(NO_PARENT);
    expect(nextParentId(['u1'], new Set(['u1']))).toBe(NO_PARENT);
  });
});

import { describe, expect, it } from 'vitest';
import { renameOutcome } from './rename.ts';

describe('renameOutcome', () => {
  it('saves a changed title, trimmed', () => {
    expect(renameOutcome('New Chat', '  Trip plans  ')).toEqual({ save: true, title: 'Trip plans' });
  });

  it('does not save an unchanged title (spaces aside)', () => {
    expect(renameOutcome('Trip plans', 'Trip plans')).toEqual({ save: false });
    expect(renameOutcome('Trip plans', ' Trip plans ')).toEqual({ save: false });
  });

  it('turns an empty title into Untitled, which is unchanged when it already is', () => {
    expect(renameOutcome('Trip plans', '   ')).toEqual({ save: true, title: 'Untitled' });
    expect(renameOutcome('Untitled', '')).toEqual({ save: false });
  });

  it('keeps at most 100 characters', () => {
    const out = renameOutcome('a', 'b'.repeat(140));
    expect(out).toEqual({ save: true, title: 'b'.repeat(100) });
  });
});

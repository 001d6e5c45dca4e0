import { describe, expect, it } from 'vitest';
import { validateBookmark } from './bookmark-form.ts';

describe('validateBookmark', () => {
  const tags = ['Saved', 'Work'];

  it('requires a tag and trims it', () => {
    expect(validateBookmark({ tag: '   ', description: '' }, tags).errors).toEqual({ tag: 'required' });
    expect(validateBookmark({ tag: ' Ideas ', description: '' }, tags)).toMatchObject({
      errors: {},
      value: { tag: 'Ideas' },
    });
  });

  it('limits the tag to 128 and the description to 1048 characters', () => {
    expect(validateBookmark({ tag: 'x'.repeat(128), description: 'd'.repeat(1048) }, tags).errors).toEqual(
      {},
    );
    expect(validateBookmark({ tag: 'x'.repeat(129), description: 'd'.repeat(1049) }, tags).errors).toEqual({
      tag: 'max',
      description: 'max',
    });
  });

  it('rejects a name another bookmark has, but not the edited one’s own', () => {
    expect(validateBookmark({ tag: 'Work', description: '' }, tags).errors.tag).toBe('exists');
    const original = { tag: 'Work', description: null };
    expect(validateBookmark({ tag: 'Work', description: 'x' }, tags, original).errors).toEqual({});
    expect(validateBookmark({ tag: 'Saved', description: '' }, tags, original).errors.tag).toBe('exists');
  });

  it('knows when an edit changes nothing', () => {
    const original = { tag: 'Work', description: 'Job' };
    expect(validateBookmark({ tag: ' Work ', description: 'Job' }, tags, original).unchanged).toBe(true);
    expect(validateBookmark({ tag: 'Work', description: 'Jobs' }, tags, original).unchanged).toBe(false);
    expect(
      validateBookmark({ tag: 'Work', description: '' }, tags, { tag: 'Work', description: null }).unchanged,
    ).toBe(true);
    expect(validateBookmark({ tag: 'New', description: '' }, tags).unchanged).toBe(false);
  });
});

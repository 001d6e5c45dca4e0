import { TAG_DESCRIPTION_MAX, TAG_MAX } from '@parley/schema';

export type BookmarkInput = { tag: string; description: string };
export type BookmarkErrors = {
  tag?: 'required' | 'max' | 'exists';
  description?: 'max';
};

/**
 * Check a bookmark form (doc 3 §5 "Bookmark tag"): the tag is required, at most 128 characters
 * and unique among the user's other tags; the description at most 1048. `unchanged` is true when
 * an edit would save what is already there (saving then does nothing).
 */
export function validateBookmark(
  input: BookmarkInput,
  existingTags: readonly string[],
  original?: { tag: string; description: string | null } | null,
): { errors: BookmarkErrors; unchanged: boolean; value: { tag: string; description: string } } {
  const tag = input.tag.trim();
  const description = input.description;
  const errors: BookmarkErrors = {};
  if (!tag) errors.tag = 'required';
  else if (tag.length > TAG_MAX) errors.tag = 'max';
  else if (tag !== original?.tag && existingTags.includes(tag)) errors.tag = 'exists';
  if (description.length > TAG_DESCRIPTION_MAX) errors.description = 'max';
  const unchanged = !!original && tag === original.tag && description === (original.description ?? '');
  return { errors, unchanged, value: { tag, description } };
}

import { normalizeTitle } from '@parley/schema';

export type RenameOutcome = { save: false } | { save: true; title: string };

/**
 * What committing a rename does (doc 1 §5): the title is trimmed and cut to 100 characters, an
 * empty one becomes 'Untitled', and a title equal to the current one is not saved.
 */
export function renameOutcome(previous: string, input: string): RenameOutcome {
  const title = normalizeTitle(input);
  return title === previous ? { save: false } : { save: true, title };
}

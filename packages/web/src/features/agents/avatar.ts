import { AGENT_AVATAR_TYPES } from '@parley/schema';

/** doc 3 §5: 2 MB when the config sets no avatarSizeLimit. */
export const DEFAULT_AVATAR_LIMIT = 2 * 1024 * 1024;
const EXTENSIONS = /\.(png|jpe?g|gif|webp)$/i;

/** Whole megabytes when round, else one decimal: the size the error names. */
export function formatLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/**
 * An agent avatar is one png, jpg, jpeg, gif or webp file within the limit (doc 3 §5). Returns
 * the limit's text when it is not, for 'upload invalid, limit {size}'.
 */
export function avatarProblem(
  file: { name: string; type: string; size: number },
  limit?: number,
): string | null {
  const max = limit && limit > 0 ? limit : DEFAULT_AVATAR_LIMIT;
  // The browser's type when it has one; the extension only when it gives none.
  const typeOk = file.type
    ? (AGENT_AVATAR_TYPES as readonly string[]).includes(file.type)
    : EXTENSIONS.test(file.name);
  return typeOk && file.size <= max ? null : formatLimit(max);
}

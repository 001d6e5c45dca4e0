/** Longer code blocks stay plain: tokenizing them would cost more than it gives. */
export const MAX_HIGHLIGHT_CHARS = 60_000;

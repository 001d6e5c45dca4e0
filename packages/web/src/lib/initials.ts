/** Up to two initials for an avatar ("Ada Lovelace" → "AL", "ada" → "A"). */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0])[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * A stable background colour for a generated avatar: the same name always gets the same hue, and
 * the fixed saturation and lightness keep white initials readable on every hue.
 */
export function avatarColor(name: string | null | undefined): string {
  const key = (name ?? '').trim().toLowerCase();
  let hash = 0;
  for (const ch of key) hash = (Math.imul(hash, 31) + (ch.codePointAt(0) ?? 0)) >>> 0;
  return `hsl(${hash % 360} 55% 42%)`;
}

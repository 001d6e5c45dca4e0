/**
 * The one byte range a `Range` header asks for, inclusive, or null to send the whole file. Only a
 * single `bytes=` range is served; several ranges, other units and ranges that cannot be satisfied
 * are ignored (RFC 9110 §14.2 lets a server answer those with the full content).
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || size === 0 || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // A suffix: the last n bytes.
    const n = Number(m[2]);
    return n > 0 ? { start: Math.max(0, size - n), end: size - 1 } : null;
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start <= end ? { start, end } : null;
}

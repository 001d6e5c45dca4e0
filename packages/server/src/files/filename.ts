/** Longest name kept, in characters (file systems take 255 bytes; names are shown, not used as paths). */
export const FILENAME_MAX_CHARS = 200;

/**
 * A client's file name made safe to store and show: the last path segment only (either slash),
 * no control or bidirectional-override characters, no leading dots, trimmed and bounded with the
 * extension kept. Never used as a storage path (keys are ids), but it reaches headers and screens.
 */
export function sanitizeFilename(raw: string | null | undefined): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.split(/[\\/]/).pop() ?? '';
  // C0/C1 controls, DEL, and the bidi overrides that make 'exe.txt' read as 'txt.exe'.
  name = [...name].filter((c) => !isHiddenCharacter(c.codePointAt(0) ?? 0)).join('');
  name = name.trim().replace(/^\.+/, '').trim();
  if (!name) return 'file';
  const chars = [...name];
  if (chars.length <= FILENAME_MAX_CHARS) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? [...name.slice(dot)] : [];
  const keep = ext.length > 0 && ext.length <= 16 ? ext : [];
  return chars.slice(0, FILENAME_MAX_CHARS - keep.length).join('') + keep.join('');
}

function isHiddenCharacter(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

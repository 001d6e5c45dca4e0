/**
 * A line diff for comparing two prompt versions side by side (issue 18 point 5, beyond the spec).
 * Longest common subsequence over lines, after trimming the shared head and tail; prompts are
 * short, and a cap on the table keeps a pathological pair from taking the page (past it the
 * middle shows as one removed block beside one added block).
 */

export type DiffOp = { kind: 'same' | 'removed' | 'added'; text: string };

/** A row of the side-by-side view: the left (older) line and the right (newer) line, either may be absent. */
export type DiffRow = {
  left: { n: number; text: string; kind: 'same' | 'removed' } | null;
  right: { n: number; text: string; kind: 'same' | 'added' } | null;
};

/** Past this many cells (lines × lines) the middle is not aligned line by line. */
const MAX_CELLS = 4_000_000;

export function splitLines(text: string): string[] {
  return text === '' ? [] : text.replace(/\r\n?/g, '\n').split('\n');
}

/** The edit script turning `a` into `b`, in order. */
export function diffLines(a: readonly string[], b: readonly string[]): DiffOp[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head: DiffOp[] = a.slice(0, start).map((text) => ({ kind: 'same', text }));
  const tail: DiffOp[] = a.slice(endA).map((text) => ({ kind: 'same', text }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  return [...head, ...diffMiddle(midA, midB), ...tail];
}

function diffMiddle(a: readonly string[], b: readonly string[]): DiffOp[] {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((text) => ({ kind: 'added', text }));
  if (m === 0) return a.map((text) => ({ kind: 'removed', text }));
  if (n * m > MAX_CELLS)
    return [
      ...a.map((text): DiffOp => ({ kind: 'removed', text })),
      ...b.map((text): DiffOp => ({ kind: 'added', text })),
    ];
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..], in one flat array.
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * width + j + 1] + 1
          : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
    }
  }
  const out: DiffOp[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i] });
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
      out.push({ kind: 'removed', text: a[i] });
      i++;
    } else {
      out.push({ kind: 'added', text: b[j] });
      j++;
    }
  }
  while (i < n) out.push({ kind: 'removed', text: a[i++] });
  while (j < m) out.push({ kind: 'added', text: b[j++] });
  return out;
}

/**
 * Rows for two columns: unchanged lines face each other; a run of removed lines faces the run of
 * added lines that replaced it, row by row, the longer run leaving blanks on the other side.
 */
export function sideBySide(older: string, newer: string): DiffRow[] {
  const ops = diffLines(splitLines(older), splitLines(newer));
  const rows: DiffRow[] = [];
  let left = 0;
  let right = 0;
  let k = 0;
  while (k < ops.length) {
    const op = ops[k];
    if (op.kind === 'same') {
      rows.push({
        left: { n: ++left, text: op.text, kind: 'same' },
        right: { n: ++right, text: op.text, kind: 'same' },
      });
      k++;
      continue;
    }
    const removed: string[] = [];
    const added: string[] = [];
    while (k < ops.length && ops[k].kind !== 'same') {
      (ops[k].kind === 'removed' ? removed : added).push(ops[k].text);
      k++;
    }
    for (let r = 0; r < Math.max(removed.length, added.length); r++) {
      rows.push({
        left: r < removed.length ? { n: ++left, text: removed[r], kind: 'removed' } : null,
        right: r < added.length ? { n: ++right, text: added[r], kind: 'added' } : null,
      });
    }
  }
  return rows;
}

/** How many lines were added and removed. */
export function diffStats(rows: readonly DiffRow[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const row of rows) {
    if (row.left?.kind === 'removed') removed++;
    if (row.right?.kind === 'added') added++;
  }
  return { added, removed };
}

/**
 * Split markdown into top-level blocks so a streaming message re-parses only its last block
 * (DESIGN §7; LibreChat PR #13576). Blank lines separate blocks, except inside code fences and
 * `$$` math, and except when the next line continues a list or an indented block — those stay
 * one block so lists keep their numbering and looseness.
 *
 * The scan has no state across block starts, so re-splitting from the start of the last block
 * gives the same result as a full split: `splitBlocksIncremental` relies on that.
 */

export type Block = { text: string; start: number };
export type SplitResult = { source: string; blocks: Block[] };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const INDENTED = /^(?: {2,}|\t)\S/;
/** An artifact directive (`:::artifact{…}` … `:::`, doc 2 §3.9): one block, whatever it holds. */
const ARTIFACT_OPEN = /^ {0,3}:::artifact(?:\{|\s*$)/;
const DIRECTIVE_CLOSE = /^ {0,3}:::\s*$/;

function isBlank(line: string): boolean {
  return line.trim() === '';
}

function closesFence(line: string, marker: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= marker.length && trimmed[0] === marker[0] && /^(`+|~+)$/.test(trimmed);
}

/** Split `text` starting at `offset` (a block start). */
function splitFrom(text: string, offset: number): Block[] {
  const blocks: Block[] = [];
  let blockStart = -1;
  let blockEnd = -1; // end of the last non-blank line of the current block
  let blockIsList = false;
  let fence: string | null = null;
  let inMath = false;
  let sawBlank = false;
  let artifact = false;
  let artifactFence: string | null = null;

  let pos = offset;
  while (pos <= text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl === -1) nl = text.length;
    const line = text.slice(pos, nl);
    const lineStart = pos;
    pos = nl + 1;

    if (fence !== null) {
      blockEnd = nl;
      if (closesFence(line, fence)) fence = null;
      if (nl === text.length) break;
      continue;
    }
    if (artifact) {
      blockEnd = nl;
      if (artifactFence !== null) {
        if (closesFence(line, artifactFence)) artifactFence = null;
      } else if (DIRECTIVE_CLOSE.test(line)) {
        artifact = false;
        blocks.push({ text: text.slice(blockStart, blockEnd), start: blockStart });
        blockStart = -1;
      } else artifactFence = FENCE.exec(line)?.[1] ?? null;
      if (nl === text.length) break;
      continue;
    }
    if (ARTIFACT_OPEN.test(line)) {
      // Always a block of its own, even right under a paragraph.
      if (blockStart !== -1) blocks.push({ text: text.slice(blockStart, blockEnd), start: blockStart });
      blockStart = lineStart;
      blockEnd = nl;
      blockIsList = false;
      sawBlank = false;
      artifact = true;
      if (nl === text.length) break;
      continue;
    }
    if (inMath) {
      blockEnd = nl;
      if (line.trim().endsWith('$$')) inMath = false;
      if (nl === text.length) break;
      continue;
    }
    if (isBlank(line)) {
      if (blockStart !== -1) sawBlank = true;
      if (nl === text.length) break;
      continue;
    }

    const continues =
      blockStart !== -1 && (!sawBlank || INDENTED.test(line) || (blockIsList && LIST_ITEM.test(line)));
    if (!continues) {
      if (blockStart !== -1) blocks.push({ text: text.slice(blockStart, blockEnd), start: blockStart });
      blockStart = lineStart;
      blockIsList = LIST_ITEM.test(line);
    }
    sawBlank = false;
    blockEnd = nl;

    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) fence = fenceMatch[1];
    else if (line.trim().startsWith('$$') && !(line.trim().length > 2 && line.trim().endsWith('$$'))) {
      inMath = true;
    }
    if (nl === text.length) break;
  }
  if (blockStart !== -1) blocks.push({ text: text.slice(blockStart, blockEnd), start: blockStart });
  return blocks;
}

export function splitBlocks(text: string): Block[] {
  return splitFrom(text, 0);
}

/**
 * Split again after the text grew: when the new text extends the previous one, only the last
 * block onward is re-scanned, and unchanged blocks keep their string identity.
 */
export function splitBlocksIncremental(text: string, previous: SplitResult | null): SplitResult {
  if (
    previous &&
    previous.blocks.length > 0 &&
    text.length >= previous.source.length &&
    text.startsWith(previous.source)
  ) {
    const keep = previous.blocks.slice(0, -1);
    const last = previous.blocks[previous.blocks.length - 1];
    return { source: text, blocks: [...keep, ...splitFrom(text, last.start)] };
  }
  return { source: text, blocks: splitBlocks(text) };
}

/**
 * A block that is exactly one fenced code block (open or closed): its language and body.
 * Null when the block is not a fence, or has text after the closing fence.
 */
export function parseFencedBlock(block: string): { lang: string; code: string; closed: boolean } | null {
  const lines = block.split('\n');
  const match = FENCE.exec(lines[0]);
  if (!match) return null;
  const marker = match[1];
  const lang = lines[0].slice(match[0].length).trim().split(/\s+/)[0] ?? '';
  for (let i = 1; i < lines.length; i++) {
    if (closesFence(lines[i], marker)) {
      if (lines.slice(i + 1).some((l) => l.trim() !== '')) return null;
      return { lang, code: lines.slice(1, i).join('\n'), closed: true };
    }
  }
  return { lang, code: lines.slice(1).join('\n'), closed: false };
}

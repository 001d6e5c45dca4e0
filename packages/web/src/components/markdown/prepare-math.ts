// LaTeX preprocessing for remark-math; the plugins themselves load lazily (math-loader.ts).

const MATH_HINT = /\$\$|\\\[|\\\(|(?:^|[^\\$\w])\$[^\s$\d][^$\n]*?\$/;

/** Cheap test: might this text contain math? */
export function mightContainMath(text: string): boolean {
  return MATH_HINT.test(text);
}

/**
 * Prepare LaTeX for remark-math: `\[…\]` and a line that is only `$$…$$` become display math, `\(…\)` inline math, and a `$`
 * before a digit is escaped so prices ("$5 and $10") are not read as math. Inline code spans
 * are left untouched.
 */
export function prepareMath(text: string): string {
  if (text.trimStart().startsWith('```') || text.trimStart().startsWith('~~~')) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '`') {
      let ticks = 0;
      while (text[i + ticks] === '`') ticks++;
      const fence = '`'.repeat(ticks);
      const end = text.indexOf(fence, i + ticks);
      if (end === -1) {
        out += text.slice(i);
        break;
      }
      out += text.slice(i, end + ticks);
      i = end + ticks;
      continue;
    }
    const next = text.indexOf('`', i);
    const chunk = next === -1 ? text.slice(i) : text.slice(i, next);
    out += convertChunk(chunk);
    i = next === -1 ? text.length : next;
  }
  return out;
}

function convertChunk(chunk: string): string {
  return chunk
    .replace(/^[ \t]*\$\$([^\n$]+?)\$\$[ \t]*$/gm, (_m, body: string) => `\n$$\n${body.trim()}\n$$\n`)
    .replace(/\\\[([\s\S]*?)\\\]/g, (_m, body: string) => `\n$$\n${body.trim()}\n$$\n`)
    .replace(/\\\(([\s\S]*?)\\\)/g, (_m, body: string) => `$${body.trim()}$`)
    .replace(/(^|[^\\$])\$(?=\d)/g, '$1\\$');
}

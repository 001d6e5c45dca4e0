/**
 * Seeded fixtures for the UI benchmark (shared/reference/perf.md §4.0), generated in code rather
 * than stored as data: a markdown reply of an exact number of stream chunks ("tokens", as the fake
 * provider's word chunking counts them) and branching conversations in Parley's export format.
 */

/** mulberry32: a small seeded PRNG, so every run streams and renders the same text. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'stream token render frame batch paint layout cost tree branch message reply model server client cache index query parse block table list code math graph node edge heap time rate queue worker buffer chunk delta window scroll view store state event socket proxy route field value'.split(
    ' ',
  );

/** Short words for the long paragraph, so it fits the 5k-token budget with everything else. */
const SHORT =
  'a an the of to in on at by we it is as or if so up go do no via set run map key row bit log'.split(' ');

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

function words(r: () => number, n: number, vocabulary: readonly string[] = WORDS): string {
  return Array.from({ length: n }, () => pick(r, vocabulary)).join(' ');
}

function sentence(r: () => number): string {
  const s = words(r, 6 + Math.floor(r() * 10));
  return `${s[0].toUpperCase()}${s.slice(1)}.`;
}

/** The fake provider's token estimate: four characters a token; the bench streams 4-character chunks. */
export const CHARS_PER_TOKEN = 4;

const CODE_LANGS = ['ts', 'python', 'rust', 'go', 'sql'] as const;

function codeLine(r: () => number, lang: (typeof CODE_LANGS)[number], i: number): string {
  const a = pick(r, WORDS);
  switch (lang) {
    case 'ts':
      return `const ${a}${i} = f(${i});`;
    case 'python':
      return `${a}_${i} = f(${i})`;
    case 'rust':
      return `let ${a}_${i} = f(${i});`;
    case 'go':
      return `\t${a}${i} := f(${i})`;
    default:
      return `SELECT ${a} FROM t${i};`;
  }
}

function codeBlock(r: () => number, lang: (typeof CODE_LANGS)[number], lines: number): string {
  const body = Array.from({ length: lines }, (_, i) => codeLine(r, lang, i));
  return `\`\`\`${lang}\n${body.join('\n')}\n\`\`\``;
}

const inlineMath = (r: () => number, i: number) =>
  pick(r, [`$x_{${i}}^2 + y^2$`, `$\\frac{a}{b_{${i}}}$`, `$\\sum_{k=1}^{${i}} k$`, `$\\sqrt{${i}n}$`]);

const displayMath = (i: number) =>
  `$$\n\\int_0^{${i + 1}} e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{${i + 2}}\n$$`;

/**
 * A markdown reply of exactly `tokens` × 4 characters ending in `marker`: headings, bullet and
 * numbered lists, a 20-row table, 10 fenced code blocks in 5 languages (one of 300 lines), 30
 * inline and 8 display formulas and one 1,500-word paragraph, padded with prose to the exact size.
 * Smaller replies (the discarded warm-up) scale every count down.
 */
export function markdownReply(tokens: number, marker: string, seed = 42): string {
  const r = rng(seed);
  const scale = Math.min(1, tokens / 5000);
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  const parts: string[] = ['# Benchmark reply', sentence(r)];
  let inline = n(30);
  let display = n(8);
  const prose = () => {
    const s = [sentence(r), sentence(r)];
    if (inline > 0) s.splice(1, 0, `So ${inlineMath(r, inline--)} and ${inlineMath(r, inline--)} hold.`);
    return s.join(' ');
  };
  const sections = n(10);
  for (let c = 0; c < sections; c++) {
    parts.push(`## Section ${c + 1}`, prose());
    if (c % 3 === 0) parts.push(Array.from({ length: 3 }, () => `- ${words(r, 4)}`).join('\n'));
    if (c % 3 === 1) parts.push(Array.from({ length: 3 }, (_, i) => `${i + 1}. ${words(r, 4)}`).join('\n'));
    if (display > 0) parts.push(displayMath(display--));
    parts.push(codeBlock(r, CODE_LANGS[c % CODE_LANGS.length], c === 4 ? n(300) : n(4)));
    if (c === 2) {
      const rows = Array.from(
        { length: n(20) },
        (_, i) => `| ${i + 1} | ${pick(r, WORDS)} | ${Math.floor(r() * 1000)} |`,
      );
      parts.push(['| # | name | value |', '|---|---|---|', ...rows].join('\n'));
    }
    // The 1,500-word paragraph: one block that keeps growing while it streams.
    if (c === 6) parts.push(`${words(r, n(1500), SHORT)}.`);
  }
  while (display > 0) parts.push(displayMath(display--));
  while (inline > 0) parts.push(prose());
  let text = parts.join('\n\n');
  const size = tokens * CHARS_PER_TOKEN - marker.length - 1;
  if (text.length > size) throw new Error(`fixture needs ${text.length} chars, ${size} available`);
  while (text.length < size) text += `\n\n${sentence(r)} ${sentence(r)}`;
  // Cut the padding at the exact size (on a space, so no word is split awkwardly mid-marker).
  return `${text.slice(0, size).replace(/\s+$/, (m) => '.'.repeat(m.length))} ${marker}`;
}

// Conversations ---------------------------------------------------------------------------------

export interface ExportMessage {
  messageId: string;
  parentMessageId: string | null;
  text: string;
  isCreatedByUser: boolean;
  sender: string;
  createdAt: string;
}

/**
 * A branching conversation (perf.md §4.0 (ii)) in Parley's export format: a linear mainline of
 * `mainline` messages, a sibling of every 10th message and a 3-message side branch at every 100th.
 * Side branches are older than the mainline message they sit beside, so the newest-child default
 * shows the mainline. The last mainline message contains `marker`.
 */
export function branchingConversation(mainline: number, marker: string, seed = 7) {
  const r = rng(seed);
  const base = Date.UTC(2026, 0, 1);
  const messages: ExportMessage[] = [];
  const msg = (id: string, parent: string | null, i: number, t: number, text: string): ExportMessage => {
    const user = i % 2 === 0;
    return {
      messageId: id,
      parentMessageId: parent,
      text,
      isCreatedByUser: user,
      sender: user ? 'User' : 'Assistant',
      createdAt: new Date(t).toISOString(),
    };
  };
  const body = (i: number) =>
    i % 2 === 0
      ? sentence(r)
      : `${sentence(r)} ${sentence(r)}\n\n- ${sentence(r)}\n- ${sentence(r)}\n\n${sentence(r)} \`${pick(r, WORDS)}\``;
  let parent: string | null = null;
  for (let i = 0; i < mainline; i++) {
    const t = base + i * 10_000;
    if (i > 0 && i % 10 === 0) messages.push(msg(`s${i}`, parent, i, t - 5000, `Sibling ${i}. ${body(i)}`));
    if (i > 0 && i % 100 === 0) {
      let p = parent;
      for (let d = 0; d < 3; d++) {
        messages.push(msg(`b${i}-${d}`, p, i + d, t - 4000 + d, `Branch ${i}.${d}. ${body(i + d)}`));
        p = `b${i}-${d}`;
      }
    }
    const id = `m${i}`;
    const text = i === mainline - 1 ? `${body(i)} ${marker}` : body(i);
    messages.push(msg(id, parent, i, t, text));
    parent = id;
  }
  return {
    conversationId: `bench-${mainline}`,
    title: `Bench ${mainline} messages`,
    endpoint: 'openAI',
    createdAt: new Date(base).toISOString(),
    updatedAt: new Date(base + mainline * 10_000).toISOString(),
    messages,
  };
}

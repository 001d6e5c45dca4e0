import { lastUserText, type NormalizedRequest, pendingToolResults, toolCallNames } from '../normalized.ts';
import { pick, type Rng } from '../prng.ts';
import { chunkText } from '../tokens.ts';
import { stripDirectives } from './grammar.ts';

const MAX_ECHO = 500;

/** The last user text without directives, on one line, trimmed for quoting. */
export function echoText(req: NormalizedRequest): string {
  const said = stripDirectives(lastUserText(req)).replace(/\s+/g, ' ').trim();
  if (!said) return '(no text)';
  return said.length > MAX_ECHO ? `${said.slice(0, MAX_ECHO)}…` : said;
}

const TEMPLATES: ((said: string) => string)[] = [
  () =>
    'This is a **deterministic** reply from the fake provider.\n\n- It echoes your message\n- It uses a little *markdown*',
  () => 'A short checklist:\n\n1. Read the message\n2. Echo it back\n3. Keep it `brief`',
  () => '> Fake replies are stable for the same request.\n\nNothing else to add, **really**.',
  (said) => `In code form:\n\n\`\`\`text\n${said.slice(0, 40)}\n\`\`\`\n\nThat is all.`,
];

/**
 * The default reply: an echo plus a little markdown picked by the request's seeded PRNG. Short
 * prompts give well under 60 words, so title requests stay short too.
 */
export function defaultReply(req: NormalizedRequest, r: Rng): string {
  const said = echoText(req);
  return `You said: "${said}"\n\n${pick(r, TEMPLATES)(said)}`;
}

const WORDS =
  'the a of to and in is it on for as at by we an or be if so up do no go via data flow test unit fake byte node path code call load time read send echo text line note loop plan tree list item page view task work rate port host link word mode pace tick step case set run ask'.split(
    ' ',
  );

function sentence(r: Rng): string {
  const n = 6 + Math.floor(r() * 9);
  const words = Array.from({ length: n }, () => pick(r, WORDS));
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return `${words.join(' ')}.`;
}

/**
 * A long reply of exactly `tokens` word chunks (≈ `tokens` estimated tokens: the vocabulary averages
 * four characters a chunk), with headings, paragraphs and a list so a chat UI has markdown to render.
 */
export function longReply(req: NormalizedRequest, tokens: number, r: Rng): string {
  const head = `You said: "${echoText(req)}"\n\n`;
  const blocks: string[] = [];
  let section = 1;
  let text = head;
  while (chunkText(text).length < tokens) {
    if (blocks.length % 4 === 0) blocks.push(`## Part ${section++}`);
    else if (blocks.length % 4 === 2)
      blocks.push(Array.from({ length: 3 }, () => `- ${sentence(r)}`).join('\n'));
    else blocks.push(Array.from({ length: 3 + Math.floor(r() * 3) }, () => sentence(r)).join(' '));
    text = head + blocks.join('\n\n');
  }
  const chunks = chunkText(text).slice(0, Math.max(tokens, 1));
  const out = chunks.join('').trimEnd();
  return /[.!?`*"]$/.test(out) ? out : `${out}.`;
}

/**
 * A title request: the app asks for a conversation title (a system prompt naming "title", or a
 * prompt ending in `Title:`). Such prompts quote the user's message, directives included, so they
 * must not re-run the user's scenario (a 600-token slow reply, a 429…).
 */
export function isTitleRequest(req: NormalizedRequest): boolean {
  return /\btitle\b/i.test(req.system ?? '') || /\btitle:\s*$/i.test(lastUserText(req));
}

/** Up to seven words of the first user line, directives and a `User:` label removed. */
export function titleReply(req: NormalizedRequest): string {
  const first =
    stripDirectives(lastUserText(req))
      .split('\n')
      .map((l) => l.replace(/^user\s*:\s*/i, '').trim())
      .find(Boolean) ?? 'New conversation';
  const words = first
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 7);
  return words.join(' ') || 'New conversation';
}

export function reasoningText(req: NormalizedRequest): string {
  const said = echoText(req);
  const short = said.length > 80 ? `${said.slice(0, 80)}…` : said;
  return `The user wrote "${short}". A short, friendly answer that echoes the message back is enough here. I will keep it brief and use a little markdown.`;
}

/** The answer after a tool loop: quote what the tools returned, so tests see the result went round. */
export function toolFollowUp(req: NormalizedRequest): string {
  const names = toolCallNames(req);
  const lines = pendingToolResults(req).map((res) => {
    const name = res.name ?? (res.id ? names.get(res.id) : undefined) ?? 'tool';
    const json = typeof res.content === 'string' ? res.content : JSON.stringify(res.content);
    return `- \`${name}\` returned: ${json.length > 200 ? `${json.slice(0, 200)}…` : json}`;
  });
  return `Here is what the tools returned:\n\n${lines.join('\n')}\n\nBased on that, the answer is ready.`;
}

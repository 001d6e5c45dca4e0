/**
 * The search corpus as rows of the app's own tables: one heavy user's conversations and ten other
 * users', each conversation a chain of alternating user turns and assistant replies. Conversation
 * `i` of a user list is generated from its own seed, so the 1M stage is the 100k stage plus newer
 * conversations, byte for byte the same wherever it is written.
 */
import { NO_PARENT } from '@parley/schema';
import { intBetween, type Rng, rngFrom, uuidFrom } from './random.ts';
import { assistantReply, title, userTurn } from './text.ts';
import type { Vocabulary } from './vocabulary.ts';

/** The full (scale 1) corpus: the heavy user's 1M messages and 100k of other users'. */
const FULL = { heavyConversations: 10_000, otherConversations: 1_000 };
export const MESSAGES_PER_CONVERSATION = 100;
/** The first stage holds this share of each user list: the oldest tenth. */
const FIRST_STAGE_SHARE = 0.1;
const CORPUS_SEED = 0xc0ffee;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The corpus covers two years of use, ending yesterday. */
const SPAN_MS = 730 * DAY_MS;
/** The retention job removes temporary chats past their expiry, so theirs lies ahead of the run. */
const TEMPORARY_EXPIRY_MS = 30 * DAY_MS;
const ENDPOINT = 'openAI';
const MODEL = 'gpt-4o';

// Which conversations are special, by index: disjoint residues, so a title-only word never lands
// only in a temporary chat (which search never shows) and every stage has some of each.
const isArchived = (i: number) => i % 20 === 7;
const isTemporary = (i: number) => i % 100 === 49;
const titleOnlySlot = (i: number) => (i % 20 === 3 ? Math.floor(i / 20) : -1);

export interface ConversationRow {
  conversation_id: string;
  user_id: string;
  title: string;
  endpoint: string;
  model: string;
  is_archived: number;
  tags: string;
  expired_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface MessageRow {
  user_id: string;
  message_id: string;
  conversation_id: string;
  parent_message_id: string;
  sender: string;
  text: string;
  content: string | null;
  is_created_by_user: number;
  endpoint: string;
  model: string;
  finish_reason: string | null;
  token_count: number | null;
  created_at: number;
  updated_at: number;
}

export interface ConversationData {
  conversation: ConversationRow;
  messages: MessageRow[];
}

export interface CorpusUsers {
  heavy: string;
  others: string[];
}

/** A half-open range of conversation indexes in one user list. */
interface Range {
  from: number;
  to: number;
}

export interface Stage {
  /** The heavy user's message count after this stage, e.g. "100k". */
  label: string;
  heavy: Range;
  others: Range;
}

export interface Corpus {
  vocabulary: Vocabulary;
  users: CorpusUsers;
  /** Conversations of each list in the first stage and in all (times spread over the total). */
  heavyFirst: number;
  othersFirst: number;
  heavyTotal: number;
  othersTotal: number;
  spanStart: number;
  temporaryExpiry: number;
}

export function compactCount(n: number): string {
  if (n >= 1e6 && n % 1e5 === 0) return `${n / 1e6}M`;
  if (n >= 1e3 && n % 1e2 === 0) return `${n / 1e3}k`;
  return String(n);
}

/** An even count (at least 2), so that conversation pairs, and so message totals, stay whole. */
const evenCount = (n: number) => Math.max(2, 2 * Math.round(n / 2));

export function corpusFor(vocabulary: Vocabulary, users: CorpusUsers, scale: number, now: number): Corpus {
  const end = Math.floor(now / DAY_MS) * DAY_MS - DAY_MS;
  const heavyFirst = evenCount(FULL.heavyConversations * scale * FIRST_STAGE_SHARE);
  const othersFirst = evenCount(FULL.otherConversations * scale * FIRST_STAGE_SHARE);
  return {
    vocabulary,
    users,
    heavyFirst,
    othersFirst,
    heavyTotal: Math.round(heavyFirst / FIRST_STAGE_SHARE),
    othersTotal: Math.round(othersFirst / FIRST_STAGE_SHARE),
    spanStart: end - SPAN_MS,
    temporaryExpiry: now + TEMPORARY_EXPIRY_MS,
  };
}

/** Stage 1: the oldest tenth of each list; stage 2: the rest (the same database grows). */
export function stagesOf(corpus: Corpus): Stage[] {
  const { heavyFirst, othersFirst, heavyTotal, othersTotal } = corpus;
  return [
    {
      label: compactCount(heavyFirst * MESSAGES_PER_CONVERSATION),
      heavy: { from: 0, to: heavyFirst },
      others: { from: 0, to: othersFirst },
    },
    {
      label: compactCount(heavyTotal * MESSAGES_PER_CONVERSATION),
      heavy: { from: heavyFirst, to: heavyTotal },
      others: { from: othersFirst, to: othersTotal },
    },
  ];
}

type Owner = 'heavy' | 'other';

interface Slot {
  owner: Owner;
  index: number;
  start: number;
}

const ownerCode = (owner: Owner) => (owner === 'heavy' ? 1 : 2);

/** When conversation `index` of a list starts: evenly through the span, with some jitter. */
function startOf(corpus: Corpus, owner: Owner, index: number): number {
  const total = owner === 'heavy' ? corpus.heavyTotal : corpus.othersTotal;
  const jitter = rngFrom(CORPUS_SEED, ownerCode(owner), index, 0)() * 0.8;
  return Math.round(corpus.spanStart + ((index + jitter) * SPAN_MS) / total);
}

/** A stage's conversations of both lists in start order, as they would have been written. */
function slotsOf(corpus: Corpus, stage: Stage): Slot[] {
  const slots: Slot[] = [];
  for (const [owner, range] of [
    ['heavy', stage.heavy],
    ['other', stage.others],
  ] as const) {
    for (let index = range.from; index < range.to; index++) {
      slots.push({ owner, index, start: startOf(corpus, owner, index) });
    }
  }
  return slots.sort((a, b) => a.start - b.start);
}

/**
 * ≈100 messages: pairs of neighbours differ by ±d (d even, up to 20), so the two sum to 200 and
 * every stage holds exactly 100 per conversation on average.
 */
function messageCount(owner: Owner, index: number): number {
  const d = 2 * (intBetween(rngFrom(CORPUS_SEED, ownerCode(owner), index >> 1, 1), 0, 20) - 10);
  return MESSAGES_PER_CONVERSATION + (index % 2 === 0 ? d : -d);
}

/** Seconds to generate a reply, then the user's pause before the next turn (now and then hours). */
const generationMs = (rng: Rng) => intBetween(rng, 3_000, 40_000);
const pauseMs = (rng: Rng) =>
  rng() < 0.02 ? intBetween(rng, 3_600_000, 8 * 3_600_000) : intBetween(rng, 15_000, 360_000);

/** The chain of turns: each message's parent is the one before it; the first has NO_PARENT. */
function messagesOf(
  corpus: Corpus,
  rng: Rng,
  userId: string,
  conversationId: string,
  count: number,
  start: number,
) {
  const messages: MessageRow[] = [];
  let parent = NO_PARENT;
  let t = start;
  for (let n = 0; n < count; n += 2) {
    const question: MessageRow = {
      user_id: userId,
      message_id: uuidFrom(rng),
      conversation_id: conversationId,
      parent_message_id: parent,
      sender: 'User',
      text: userTurn(corpus.vocabulary, rng),
      content: null,
      is_created_by_user: 1,
      endpoint: ENDPOINT,
      model: MODEL,
      finish_reason: null,
      token_count: null,
      created_at: t,
      updated_at: t,
    };
    const text = assistantReply(corpus.vocabulary, rng);
    const done = t + generationMs(rng);
    // The app stamps the reply's placeholder with the question's time and updates it when done, so
    // each pair shares created_at: the (created_at, message_id) keyset must break the tie.
    const reply: MessageRow = {
      ...question,
      message_id: uuidFrom(rng),
      parent_message_id: question.message_id,
      sender: MODEL,
      text,
      content: JSON.stringify([{ type: 'text', text }]),
      is_created_by_user: 0,
      finish_reason: 'stop',
      token_count: Math.ceil(text.length / 4),
      updated_at: done,
    };
    messages.push(question, reply);
    parent = reply.message_id;
    t = done + pauseMs(rng);
  }
  return messages;
}

function conversationOf(corpus: Corpus, slot: Slot): ConversationData {
  const { owner, index, start } = slot;
  const rng = rngFrom(CORPUS_SEED, ownerCode(owner), index, 2);
  const userId =
    owner === 'heavy' ? corpus.users.heavy : corpus.users.others[index % corpus.users.others.length];
  const conversationId = uuidFrom(rng);
  const reserved = titleOnlySlot(index);
  const { titleOnly } = corpus.vocabulary;
  const conversationTitle = title(
    corpus.vocabulary,
    rng,
    reserved < 0 ? undefined : titleOnly[reserved % titleOnly.length],
  );
  const messages = messagesOf(corpus, rng, userId, conversationId, messageCount(owner, index), start);
  return {
    conversation: {
      conversation_id: conversationId,
      user_id: userId,
      title: conversationTitle,
      endpoint: ENDPOINT,
      model: MODEL,
      is_archived: isArchived(index) ? 1 : 0,
      tags: '[]',
      expired_at: isTemporary(index) ? corpus.temporaryExpiry : null,
      created_at: start,
      updated_at: messages[messages.length - 1].updated_at,
    },
    messages,
  };
}

/** Every conversation a stage adds, in the order they are written. */
export function* stageConversations(corpus: Corpus, stage: Stage): Generator<ConversationData> {
  for (const slot of slotsOf(corpus, stage)) yield conversationOf(corpus, slot);
}

/** Messages a stage adds (both lists), for progress and the report. */
export function stageMessageCount(stage: Stage): { heavy: number; all: number } {
  const sum = (owner: Owner, range: Range) => {
    let n = 0;
    for (let i = range.from; i < range.to; i++) n += messageCount(owner, i);
    return n;
  };
  const heavy = sum('heavy', stage.heavy);
  return { heavy, all: heavy + sum('other', stage.others) };
}

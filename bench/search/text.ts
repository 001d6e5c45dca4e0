/**
 * Message text and titles in the made-up language: short user turns, long assistant replies in
 * sentences and paragraphs, short title-cased titles. Lengths follow the issue (user 5–20 words,
 * replies 60–200, titles 3–6).
 */
import { intBetween, type Rng } from './random.ts';
import type { Vocabulary } from './vocabulary.ts';

const capitalized = (word: string) => word[0].toUpperCase() + word.slice(1);

/** `count` Zipf words as one sentence: capital first, an occasional comma, a closing mark. */
function sentence(vocabulary: Vocabulary, rng: Rng, count: number, end: string): string {
  let out = capitalized(vocabulary.words[vocabulary.sampleIndex(rng)]);
  for (let i = 1; i < count; i++) {
    out += i > 2 && i < count - 2 && rng() < 0.07 ? ', ' : ' ';
    out += vocabulary.words[vocabulary.sampleIndex(rng)];
  }
  return out + end;
}

/** Sentences of 6–18 words until `total` words are used (the last one takes what is left). */
function sentences(vocabulary: Vocabulary, rng: Rng, total: number, questionOdds: number): string[] {
  const out: string[] = [];
  for (let left = total; left > 0; ) {
    const count = left < 24 ? left : intBetween(rng, 6, 18);
    out.push(sentence(vocabulary, rng, count, rng() < questionOdds ? '?' : '.'));
    left -= count;
  }
  return out;
}

export function userTurn(vocabulary: Vocabulary, rng: Rng): string {
  return sentences(vocabulary, rng, intBetween(rng, 5, 20), 0.5).join(' ');
}

/** 60–200 words in paragraphs of up to three sentences, as replies are laid out. */
export function assistantReply(vocabulary: Vocabulary, rng: Rng): string {
  const all = sentences(vocabulary, rng, intBetween(rng, 60, 200), 0.05);
  const paragraphs: string[] = [];
  for (let i = 0; i < all.length; i += 3) paragraphs.push(all.slice(i, i + 3).join(' '));
  return paragraphs.join('\n\n');
}

/** 3–6 title-cased words; `reserved` (a title-only word) takes the place of one of them. */
export function title(vocabulary: Vocabulary, rng: Rng, reserved?: string): string {
  const words = Array.from({ length: intBetween(rng, 3, 6) }, () =>
    capitalized(vocabulary.words[vocabulary.sampleIndex(rng)]),
  );
  if (reserved) words[intBetween(rng, 0, words.length - 1)] = capitalized(reserved);
  return words.join(' ');
}

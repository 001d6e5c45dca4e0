/**
 * The corpus's made-up language: a fixed vocabulary ranked by frequency (Zipf), plus words kept out
 * of message text (title-only) and words that match nothing. Query words are picked by rank, so a
 * word has the same frequency at every corpus size.
 */
import { intBetween, pick, type Rng, rngFrom } from './random.ts';

export const VOCABULARY_SIZE = 30_000;
const VOCABULARY_SEED = 0x5ea7c4;
/** Zipf exponent: 1 gives the usual natural-language curve (the top word is ~9% of all words). */
const ZIPF_EXPONENT = 1;

// Letters the vocabulary is built from. j, q, x and y never occur, so a word starting with one of
// them can match nothing, not even as a prefix (the search matches every term as a prefix).
const ONSETS = ['b', 'c', 'd', 'f', 'g', 'h', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'z'];
const CLUSTERS = ['br', 'tr', 'st', 'ch', 'sh', 'pl', 'gr', 'dr', 'fl', 'kr'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'a', 'e', 'i', 'o', 'ai', 'ou', 'ea'];
const CODAS = ['', '', '', '', 'n', 'r', 's', 'l', 'm', 't', 'nd', 'st'];
const NO_MATCH_ONSETS = ['j', 'qu', 'x', 'y'];

export interface Vocabulary {
  /** words[r - 1] is the word of rank r (rank 1 is the most frequent). */
  words: string[];
  /** Words that appear in some conversation titles and never in message text. */
  titleOnly: string[];
  /** Words that are neither a word nor a word's prefix anywhere in the corpus. */
  noMatch: string[];
  /** Index into `words` of a Zipf-distributed word. */
  sampleIndex(rng: Rng): number;
}

function syllable(rng: Rng): string {
  const onset = rng() < 0.15 ? pick(rng, CLUSTERS) : pick(rng, ONSETS);
  return onset + pick(rng, VOWELS) + pick(rng, CODAS);
}

/** Frequent words are short, as in real languages: one syllable at the top, up to four in the tail. */
function syllablesForRank(rank: number, rng: Rng): number {
  if (rank <= 120) return 1;
  if (rank <= 3_000) return 2;
  return rng() < 0.6 ? 3 : intBetween(rng, 2, 4);
}

function madeUpWords(count: number, rng: Rng, taken: Set<string>, syllables: (i: number) => number) {
  const words: string[] = [];
  while (words.length < count) {
    let word = '';
    for (let s = syllables(words.length + 1); s > 0; s--) word += syllable(rng);
    if (taken.has(word)) continue;
    taken.add(word);
    words.push(word);
  }
  return words;
}

/** Every prefix of every word: a candidate reserved word must not be one (nor be a word). */
function prefixesOf(words: readonly string[]): Set<string> {
  const prefixes = new Set<string>();
  for (const word of words) for (let n = 1; n <= word.length; n++) prefixes.add(word.slice(0, n));
  return prefixes;
}

/** Title-only words: ordinary-looking, but no message word starts with one. */
function titleOnlyWords(rng: Rng, words: readonly string[], taken: Set<string>): string[] {
  const prefixes = prefixesOf(words);
  const out: string[] = [];
  while (out.length < 5) {
    const word = syllable(rng) + syllable(rng) + syllable(rng);
    if (taken.has(word) || prefixes.has(word)) continue;
    taken.add(word);
    out.push(word);
  }
  return out;
}

function noMatchWords(rng: Rng): string[] {
  return Array.from({ length: 5 }, () => pick(rng, NO_MATCH_ONSETS) + pick(rng, VOWELS) + syllable(rng));
}

/** Cumulative Zipf weights, sampled by binary search (one sample per word of text). */
function zipfSampler(size: number): (rng: Rng) => number {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let i = 0; i < size; i++) {
    total += 1 / (i + 1) ** ZIPF_EXPONENT;
    cumulative[i] = total;
  }
  return (rng) => {
    const target = rng() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export function buildVocabulary(): Vocabulary {
  const rng = rngFrom(VOCABULARY_SEED);
  const taken = new Set<string>();
  const words = madeUpWords(VOCABULARY_SIZE, rng, taken, (rank) => syllablesForRank(rank, rng));
  return {
    words,
    titleOnly: titleOnlyWords(rng, words, taken),
    noMatch: noMatchWords(rng),
    sampleIndex: zipfSampler(words.length),
  };
}

/** The word of a rank (1-based). */
export const wordOfRank = (vocabulary: Vocabulary, rank: number): string => vocabulary.words[rank - 1];

/**
 * Seeded randomness for the search corpus: every run, on every machine, writes the same words,
 * ids and times, so two runs (before and after a query change) measure the same data.
 */

/** A generator of floats in [0, 1). */
export type Rng = () => number;

/**
 * sfc32 seeded with up to four 32-bit words, e.g. (corpus seed, user list, conversation, purpose).
 * Its 128-bit state keeps each conversation's stream distinct: a 32-bit generator (or a 32-bit hash
 * of the index as seed) lets thousands of streams overlap and repeat message ids.
 */
export function rngFrom(...seed: number[]): Rng {
  let [a, b, c, d] = [seed[0] ?? 0, seed[1] ?? 0, seed[2] ?? 0, seed[3] ?? 0].map((x) => x | 0);
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  // Nearby seeds start in nearly equal states; a few rounds spread them apart.
  for (let i = 0; i < 16; i++) next();
  return next;
}

/** An integer in [min, max], both included. */
export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

const hex8 = (rng: Rng) =>
  Math.floor(rng() * 4_294_967_296)
    .toString(16)
    .padStart(8, '0');

/** A version-4-shaped UUID from the stream: ids look like the clients' random ones. */
export function uuidFrom(rng: Rng): string {
  const h = hex8(rng) + hex8(rng) + hex8(rng) + hex8(rng);
  const variant = ((Number.parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

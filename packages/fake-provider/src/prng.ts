import { createHash } from 'node:crypto';

/** 32-bit FNV-1a: a stable, dependency-free hash for seeding. */
export function hash32(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const sha256Hex = (input: string): string => createHash('sha256').update(input).digest('hex');

export type Rng = () => number;

/** mulberry32: small seeded PRNG so replies and ids repeat for the same seed and request. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Provider-style ids (`chatcmpl-…`, `msg_01…`, `toolu_…`) from the request's seeded PRNG. */
export function idMaker(r: Rng) {
  return (prefix: string, length = 24): string => {
    let s = prefix;
    for (let i = 0; i < length; i++) s += ALPHANUM[Math.floor(r() * ALPHANUM.length)];
    return s;
  };
}
export type IdMaker = ReturnType<typeof idMaker>;

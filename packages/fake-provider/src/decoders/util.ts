import { DecodeError } from '../dialect.ts';

export type Json = Record<string, unknown>;

export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const objs = (v: unknown): Json[] => arr(v).filter(isObj);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

export const stops = (v: unknown): string[] | undefined =>
  typeof v === 'string'
    ? [v]
    : Array.isArray(v)
      ? v.filter((s): s is string => typeof s === 'string')
      : undefined;

/** Tool arguments arrive as JSON strings in OpenAI dialects; keep the string when it is not JSON. */
export function parseArgs(v: unknown): unknown {
  if (typeof v !== 'string') return v ?? {};
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

export function required(body: Json, field: string, message?: string): void {
  if (body[field] === undefined || body[field] === null)
    throw new DecodeError(message ?? `Missing required parameter: '${field}'.`, field);
}

/** Drop undefined values so journal snapshots stay small and stable. */
export function compact<T extends Json>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

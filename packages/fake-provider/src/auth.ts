import type { IncomingHttpHeaders } from 'node:http';

/** Where a dialect reads its API key from (providers.md §10.6). */
export type KeySource =
  | { type: 'bearer' }
  | { type: 'header'; name: string }
  | { type: 'query'; name: string };

export type AuthResult = { ok: true; key?: string } | { ok: false; reason: 'missing' | 'invalid' };

const header = (h: IncomingHttpHeaders, name: string): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

export function extractKey(
  headers: IncomingHttpHeaders,
  query: Record<string, string>,
  sources: KeySource[],
): string | undefined {
  for (const s of sources) {
    if (s.type === 'bearer') {
      const m = /^Bearer\s+(.+)$/i.exec(header(headers, 'authorization') ?? '');
      if (m) return m[1].trim();
    } else if (s.type === 'header') {
      const v = header(headers, s.name);
      if (v) return v;
    } else if (query[s.name]) return query[s.name];
  }
  return undefined;
}

/** Shape checks only: keys starting `bad-`, the literal `sk-invalid`, or no key at all fail. */
export function checkKey(key: string | undefined): AuthResult {
  if (!key) return { ok: false, reason: 'missing' };
  if (key.startsWith('bad-') || key === 'sk-invalid') return { ok: false, reason: 'invalid' };
  return { ok: true, key };
}

/** `sk-…abcd`: enough to tell keys apart in a journal, never enough to use one. */
export function fingerprint(secret: string): string {
  if (secret.length <= 8) return `${secret.slice(0, 1)}…`;
  return `${secret.slice(0, 3)}…${secret.slice(-4)}`;
}

const SECRET_HEADERS = new Set([
  'authorization',
  'x-api-key',
  'x-goog-api-key',
  'api-key',
  'cookie',
  'proxy-authorization',
  'x-amz-security-token',
]);

export function redactHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    if (!SECRET_HEADERS.has(name)) out[name] = value;
    else if (/^AWS4-HMAC-SHA256\s/.test(value))
      // The credential scope and signed headers are what tests assert; only the signature is hidden.
      out[name] = value.replace(/Signature=([0-9a-f]+)/, (_, sig: string) => `Signature=${fingerprint(sig)}`);
    else {
      const m = /^(Bearer|Basic)\s+(.+)$/i.exec(value);
      out[name] = m ? `${m[1]} ${fingerprint(m[2])}` : fingerprint(value);
    }
  }
  return out;
}

export function redactQuery(query: Record<string, string>): Record<string, string> {
  const out = { ...query };
  if (out.key) out.key = fingerprint(out.key);
  return out;
}

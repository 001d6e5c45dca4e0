import type { IncomingHttpHeaders } from 'node:http';

/** The parts of an `Authorization: AWS4-HMAC-SHA256 …` header (providers.md §6, §10.6). */
export interface SigV4Header {
  accessKeyId: string;
  /** YYYYMMDD from the credential scope. */
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

export type SigV4Check =
  | { ok: true; sig: SigV4Header; amzDate: string; sessionToken: boolean }
  | { ok: false; type: string; message: string; sig?: SigV4Header };

const header = (h: IncomingHttpHeaders, name: string): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Parse `AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/bedrock/aws4_request, SignedHeaders=…, Signature=…`. */
export function parseSigV4(value: string): SigV4Header | undefined {
  const m = /^AWS4-HMAC-SHA256\s+(.*)$/.exec(value.trim());
  if (!m) return undefined;
  const fields: Record<string, string> = {};
  for (const part of m[1].split(/,\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0) fields[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  const scope = /^([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request$/.exec(fields.Credential ?? '');
  if (!scope || !fields.SignedHeaders || !/^[0-9a-f]{64}$/.test(fields.Signature ?? '')) return undefined;
  return {
    accessKeyId: scope[1],
    date: scope[2],
    region: scope[3],
    service: scope[4],
    signedHeaders: fields.SignedHeaders.split(';'),
    signature: fields.Signature,
  };
}

/**
 * A shape check of a SigV4-signed request, not a signature verification: the Credential scope must
 * be well formed and name `service`, `x-amz-date` must be present and agree with the scope's date,
 * and `host` (or HTTP/2's `:authority`) and `x-amz-date` must be signed. Error types and messages are AWS's.
 */
export function checkSigV4(headers: IncomingHttpHeaders, service: string): SigV4Check {
  const auth = header(headers, 'authorization') ?? '';
  const sig = parseSigV4(auth);
  if (!sig)
    return {
      ok: false,
      type: 'IncompleteSignatureException',
      message: `Authorization header requires 'Credential', 'Signature' and 'SignedHeaders' parameters. Authorization=${auth.split(' ')[0] ?? ''}`,
    };
  const amzDate = header(headers, 'x-amz-date') ?? '';
  if (!/^\d{8}T\d{6}Z$/.test(amzDate))
    return {
      ok: false,
      sig,
      type: 'IncompleteSignatureException',
      message: "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.",
    };
  if (amzDate.slice(0, 8) !== sig.date)
    return {
      ok: false,
      sig,
      type: 'InvalidSignatureException',
      message: `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${sig.date}' != '${amzDate.slice(0, 8)}', from '${amzDate}'.`,
    };
  if (sig.service !== service)
    return {
      ok: false,
      sig,
      type: 'InvalidSignatureException',
      message: `Credential should be scoped to correct service: '${service}'. `,
    };
  // Over HTTP/2 the AWS SDK signs `:authority` in place of `host`.
  const hostSigned = sig.signedHeaders.includes('host') || sig.signedHeaders.includes(':authority');
  if (!hostSigned || !sig.signedHeaders.includes('x-amz-date'))
    return {
      ok: false,
      sig,
      type: 'InvalidSignatureException',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  return { ok: true, sig, amzDate, sessionToken: header(headers, 'x-amz-security-token') !== undefined };
}

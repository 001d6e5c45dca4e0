import { guardedFetch, PrivateAddressError, ResponseTooLargeError } from '../net/guarded-fetch.ts';
import { domainAllowed } from './parse-spec.ts';
import type { ActionSecrets, StoredActionMetadata } from './stored.ts';
import type { StoredFunction } from './to-functions.ts';

/** One action call may take this long, whatever the tool's own timeout. */
export const ACTION_REQUEST_TIMEOUT_MS = 30_000;
/** An answer larger than this is refused (the loop then cuts what the model sees to 50,000 characters). */
export const ACTION_RESPONSE_MAX_BYTES = 1_000_000;

export interface ActionRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** The refusal when a built request would leave the action's host (never expected: defence in depth). */
export class ForeignDomainError extends Error {}

/**
 * The request for one call (LibreChat's RequestExecutor): path arguments substituted (encoded, so
 * an argument cannot change the host or path shape), query and header arguments placed, the rest
 * of a body operation's arguments as its JSON (or form) body; auth headers last, so no argument can
 * replace them. The URL's host must be the action's domain or in `allowedDomains`.
 */
export function buildRequest(
  metadata: StoredActionMetadata,
  fn: StoredFunction,
  args: Record<string, unknown>,
  auth: Record<string, string>,
  allowedDomains: readonly string[] | undefined,
): ActionRequest {
  let path = fn.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9, */*;q=0.5' };
  const body: Record<string, unknown> = {};
  const method = fn.method.toUpperCase();
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    const where = fn.locations[key] ?? (method === 'GET' || method === 'DELETE' ? 'query' : 'body');
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (where === 'path') path = path.replaceAll(`{${key}}`, encodeURIComponent(text));
    else if (where === 'query') {
      if (Array.isArray(value)) for (const v of value) query.append(key, String(v));
      else query.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    } else if (where === 'header') {
      // Header names from the spec; values without line breaks (no header injection).
      if (/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(key))
        headers[key.toLowerCase()] = text.replace(/[\r\n]/g, ' ');
    } else body[key] = value;
  }
  const url = new URL(`${metadata.server_url}/${path.replace(/^\/+/, '')}`);
  for (const [k, v] of query) url.searchParams.append(k, v);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host !== metadata.domain && !(allowedDomains?.length && domainAllowed(host, allowedDomains)))
    throw new ForeignDomainError(`Calls may only go to ${metadata.domain}.`);
  let payload: string | undefined;
  if (fn.contentType && method !== 'GET' && method !== 'HEAD') {
    if (fn.contentType === 'application/x-www-form-urlencoded') {
      payload = new URLSearchParams(
        Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ).toString();
    } else payload = JSON.stringify(body);
    headers['content-type'] =
      fn.contentType.includes('json') || fn.contentType === 'application/x-www-form-urlencoded'
        ? fn.contentType
        : 'application/json';
  }
  for (const [k, v] of Object.entries(auth)) headers[k.toLowerCase()] = v;
  return { url: url.toString(), method, headers, ...(payload !== undefined ? { body: payload } : {}) };
}

/** The headers an API key is sent in (LibreChat's setAuth: Basic takes the key as `user:pass`). */
export function apiKeyHeaders(
  metadata: StoredActionMetadata,
  secrets: ActionSecrets,
): Record<string, string> {
  const key = secrets.apiKey;
  if (!key) return {};
  switch (metadata.auth.authorization_type) {
    case 'basic':
      return { authorization: `Basic ${Buffer.from(key).toString('base64')}` };
    case 'custom':
      return metadata.auth.custom_auth_header ? { [metadata.auth.custom_auth_header]: key } : {};
    default:
      return { authorization: `Bearer ${key}` };
  }
}

/** Secrets that must never reach the model, even if an API echoes them back. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.replaceAll(s, '[redacted]');
  return out;
}

/**
 * Send the request through the SSRF guard (private addresses refused at connect time unless
 * allowed), size- and time-bounded, redirects not followed (a 3xx is answered as it is: a redirect
 * cannot take the call to another host). Answers the status and text for the model.
 */
export async function sendRequest(
  req: ActionRequest,
  opts: { allowedPrivateHosts: readonly string[]; signal: AbortSignal },
): Promise<{ ok: boolean; status: number; text: string }> {
  const fetcher = guardedFetch({
    allowedHosts: opts.allowedPrivateHosts,
    timeoutMs: ACTION_REQUEST_TIMEOUT_MS,
    maxResponseBytes: ACTION_RESPONSE_MAX_BYTES,
  });
  try {
    const res = await fetcher(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      redirect: 'manual',
      signal: opts.signal,
    });
    const text = await res.text();
    return { ok: res.status >= 200 && res.status < 300, status: res.status, text };
  } catch (error) {
    if (error instanceof PrivateAddressError || error instanceof ResponseTooLargeError) throw error;
    const cause = (error as { cause?: unknown })?.cause;
    if (cause instanceof ResponseTooLargeError) throw cause;
    if ((error as Error)?.name === 'TimeoutError' || (error as Error)?.name === 'AbortError')
      throw new Error(`the API did not answer within ${ACTION_REQUEST_TIMEOUT_MS / 1000} s.`);
    throw new Error(`the API could not be reached (${(error as Error)?.message ?? 'network error'}).`);
  }
}

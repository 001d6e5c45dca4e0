import { type GuardOptions, guardedFetch, PrivateAddressError } from '../../net/guarded-fetch.ts';

/**
 * One HTTP call to a web-search service: a deadline combined with the run's signal, a bounded body,
 * and failures as ServiceError with words the model (and the user reading the tool output) can act
 * on. The services' own error texts are quoted, cut short: they never carry our keys.
 */

/** A service answer larger than this is refused (search and rerank answers are a few KB). */
export const SERVICE_MAX_BYTES = 4 * 1024 * 1024;

export class ServiceError extends Error {
  constructor(
    readonly service: string,
    message: string,
    /** The service refused the key (401/403): the user or admin has to change it. */
    readonly auth = false,
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** Read a body up to `max` bytes; null when it is larger (the rest is not read). */
export async function readBounded(res: Response, max: number): Promise<Uint8Array | null> {
  if (!res.body) return new Uint8Array();
  const declared = Number(res.headers.get('content-length'));
  if (declared > max) {
    await res.body.cancel().catch(() => {});
    return null;
  }
  const parts: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** The service's own words from an error body (JSON `message`/`error`/`detail`, or text), short. */
function errorText(raw: string): string {
  try {
    const body = JSON.parse(raw) as Record<string, unknown>;
    const v = body.message ?? body.error ?? body.detail;
    if (typeof v === 'string') return v.slice(0, 200);
  } catch {
    // not JSON
  }
  return raw
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

export interface CallOptions {
  service: string;
  url: string;
  init: RequestInit;
  timeoutMs: number;
  signal: AbortSignal;
  /**
   * Set when the URL came from a user: the call connects through the SSRF guard (no private
   * addresses unless allowed, checked on the address each connection uses).
   */
  guard?: GuardOptions;
}

/** Call a service and parse its JSON answer; ServiceError on any failure. */
export async function callJson<T>(o: CallOptions): Promise<T> {
  const deadline = AbortSignal.timeout(o.timeoutMs);
  let res: Response;
  try {
    const call = o.guard ? guardedFetch(o.guard) : fetch;
    res = await call(o.url, { ...o.init, redirect: 'error', signal: AbortSignal.any([o.signal, deadline]) });
  } catch (err) {
    if (err instanceof PrivateAddressError)
      throw new ServiceError(o.service, `${o.service} cannot be used: ${err.message}`);
    if (deadline.aborted)
      throw new ServiceError(o.service, `${o.service} did not answer within ${o.timeoutMs} ms.`, false, true);
    if (o.signal.aborted) throw err;
    throw new ServiceError(
      o.service,
      `${o.service} could not be reached (${(err as Error).cause ?? (err as Error).message}).`,
    );
  }
  let bytes: Uint8Array | null;
  try {
    bytes = await readBounded(res, SERVICE_MAX_BYTES);
  } catch (err) {
    if (deadline.aborted)
      throw new ServiceError(o.service, `${o.service} did not answer within ${o.timeoutMs} ms.`, false, true);
    throw err;
  }
  if (bytes === null)
    throw new ServiceError(o.service, `${o.service} sent an answer larger than ${SERVICE_MAX_BYTES} bytes.`);
  const raw = new TextDecoder().decode(bytes);
  if (res.status === 401 || res.status === 403) {
    throw new ServiceError(
      o.service,
      `${o.service} refused the API key (HTTP ${res.status}${errorText(raw) ? `: ${errorText(raw)}` : ''}).`,
      true,
    );
  }
  if (!res.ok) {
    throw new ServiceError(
      o.service,
      `${o.service} answered HTTP ${res.status}${errorText(raw) ? `: ${errorText(raw)}` : ''}.`,
    );
  }
  try {
    return JSON.parse(raw) as T;
  } catch {
    throw new ServiceError(o.service, `${o.service} answered something other than JSON.`);
  }
}

/** `base` + `path` unless `base` already ends with it (a whole URL given where a base is expected). */
export function endpointUrl(base: string, path: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return trimmed.endsWith(path) ? trimmed : `${trimmed}${path}`;
}

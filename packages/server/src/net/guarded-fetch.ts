import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { isPrivateAddress } from './ssrf.ts';

/**
 * `fetch` for URLs the server did not choose (a user's base URL, a page from search results) that
 * cannot reach private networks. The check runs where the socket is opened, on every address the
 * connection's own lookup returns, so a name that resolves to a public address for a pre-check and
 * a private one for the request (DNS rebinding) is refused too; every redirect hop opens its
 * connection through the same dispatcher, so it is checked the same way. checkUserUrl stays the
 * early check with a readable reason; this is the one that holds.
 */

/** Thrown (a TypeError, as fetch's network failures are) when a host is refused. */
export class PrivateAddressError extends TypeError {
  constructor(readonly host: string) {
    super(`The host ${host} resolves to a private network address, which is not allowed.`);
    this.name = 'PrivateAddressError';
  }
}

/** Thrown, or raised by the body stream, when an answer is larger than the caller allows. */
export class ResponseTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The answer is larger than ${maxBytes} bytes.`);
    this.name = 'ResponseTooLargeError';
  }
}

export interface GuardOptions {
  /** Hosts reachable although private (ALLOWED_PRIVATE_HOSTS), as the URL names them. */
  allowedHosts: readonly string[];
  /** A dns.lookup-compatible resolver; tests make a name resolve where they want with it. */
  lookup?: typeof dnsLookup;
}

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

/** A socket lookup that fails when any address of a not-allowed name is private. */
export function guardedLookup(o: GuardOptions): LookupFunction {
  const resolve = o.lookup ?? dnsLookup;
  const allowedHosts = new Set(o.allowedHosts.map(bare));
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const allowed = allowedHosts.has(bare(hostname));
      if (!allowed && addresses.some((a) => isPrivateAddress(a.address))) {
        return callback(new PrivateAddressError(hostname), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * Sockets are opened with the guarded lookup. A literal IP never goes through a lookup, so it is
 * checked here; the connected peer is checked again as a backstop for any path that skips lookup.
 */
function guardedConnector(o: GuardOptions): buildConnector.connector {
  const connect = buildConnector({ lookup: guardedLookup(o) });
  const allowedHosts = new Set(o.allowedHosts.map(bare));
  return (options, callback) => {
    const host = bare(options.hostname);
    if (allowedHosts.has(host)) return connect(options, callback);
    if (isIP(host) && isPrivateAddress(host)) return callback(new PrivateAddressError(host), null);
    connect(options, (...args) => {
      const [err, socket] = args;
      if (err) return callback(err, null);
      const peer = socket?.remoteAddress;
      if (peer && isPrivateAddress(peer)) {
        socket.destroy();
        return callback(new PrivateAddressError(host), null);
      }
      callback(...args);
    });
  };
}

/** One pool per allow-list (the config's, fixed for the process); a custom resolver gets its own. */
const agents = new Map<string, Agent>();

export function guardedDispatcher(o: GuardOptions): Agent {
  if (o.lookup) return new Agent({ connect: guardedConnector(o) });
  const key = JSON.stringify([...o.allowedHosts].sort());
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({ connect: guardedConnector(o) });
    agents.set(key, agent);
  }
  return agent;
}

export interface GuardedFetchOptions extends GuardOptions {
  /** A deadline for the whole exchange, body included: not for streams meant to run long. */
  timeoutMs?: number;
  /** The body (decoded) may not grow past this: refused up front when declared, else the stream errors. */
  maxResponseBytes?: number;
}

/** The refusal inside a fetch failure (fetch wraps connector errors as `TypeError('fetch failed')`). */
export function privateAddressRefusal(err: unknown): PrivateAddressError | null {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof PrivateAddressError) return e;
  }
  return null;
}

/**
 * A function with fetch's signature (for the AI SDK providers' `fetch` option and our own calls).
 * A refused host rejects with PrivateAddressError itself, not wrapped: callers (and the AI SDK, which
 * retries wrapped connection failures) see a final answer. Redirects follow `init.redirect` as
 * fetch does; each followed hop connects through the guard.
 */
export function guardedFetch(o: GuardedFetchOptions): typeof fetch {
  const dispatcher = guardedDispatcher(o);
  return async (input, init) => {
    const deadline = o.timeoutMs ? AbortSignal.timeout(o.timeoutMs) : null;
    const signal = deadline
      ? init?.signal
        ? AbortSignal.any([init.signal, deadline])
        : deadline
      : init?.signal;
    let res: Response;
    try {
      // Node's fetch takes an undici dispatcher; its RequestInit type does not declare it.
      res = await fetch(input, { ...init, signal, dispatcher } as RequestInit);
    } catch (err) {
      throw privateAddressRefusal(err) ?? err;
    }
    return o.maxResponseBytes === undefined ? res : bounded(res, o.maxResponseBytes);
  };
}

/** The response with a body that errors past `max` bytes; refused at once when declared larger. */
async function bounded(res: Response, max: number): Promise<Response> {
  if (!res.body || [101, 204, 205, 304].includes(res.status)) return res;
  if (Number(res.headers.get('content-length')) > max && !res.headers.has('content-encoding')) {
    await res.body.cancel().catch(() => {});
    throw new ResponseTooLargeError(max);
  }
  let size = 0;
  const counted = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > max) controller.error(new ResponseTooLargeError(max));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
}

import { type ChatError, paths, type RefreshResult } from '@parley/schema';
import { getAccessToken, useSession } from '../store/session.ts';

/** An API failure: HTTP status plus the server's `{error:{code,message,field?,details?}}` (DESIGN §4). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  /** A chat limit's chat error (doc 2 §8.3). */
  readonly details?: ChatError;

  constructor(status: number, code: string, message: string, field?: string, details?: ChatError) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.details = details;
  }
}

/** Turn a failed response into an ApiError, whatever its body. */
export async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON (proxy error page, empty body).
  }
  const error = (
    body as { error?: { code?: unknown; message?: unknown; field?: unknown; details?: unknown } } | null
  )?.error;
  if (error && typeof error.code === 'string') {
    return new ApiError(
      res.status,
      error.code,
      typeof error.message === 'string' ? error.message : res.statusText,
      typeof error.field === 'string' ? error.field : undefined,
      error.details && typeof error.details === 'object' ? (error.details as ChatError) : undefined,
    );
  }
  return new ApiError(res.status, 'http_error', res.statusText || `HTTP ${res.status}`);
}

let refreshing: Promise<RefreshResult | null> | null = null;

async function doRefresh(): Promise<RefreshResult | null> {
  try {
    const res = await fetch(paths.refresh, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) return null;
    const body = (await res.json()) as RefreshResult;
    if (!body?.token) return null;
    useSession.getState().tokenRefreshed(body.token, body.user);
    return body;
  } catch {
    return null;
  }
}

/**
 * Refresh the session once, however many callers ask at the same time: refresh tokens rotate,
 * so two parallel refreshes would look like token reuse to the server.
 */
export function refreshSession(): Promise<RefreshResult | null> {
  if (!refreshing) {
    refreshing = doRefresh().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData sent as multipart (the browser sets its content type and boundary). */
  body?: unknown;
  /** Arrays repeat the key (`tags[]=a&tags[]=b`). */
  query?: Record<string, string | number | boolean | null | undefined | readonly string[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the bearer token and refresh on 401 (default true). */
  auth?: boolean;
  credentials?: RequestCredentials;
};

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * fetch with the bearer token. A 401 triggers one single-flight refresh and one retry; when the
 * refresh fails the session ends (the guards then send the user to /login).
 */
export async function authedFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const { auth = true, body, query, headers, ...rest } = options;
  const url = buildUrl(path, query);
  const multipart = body instanceof FormData;
  const send = (token: string | null) => {
    const h: Record<string, string> = { Accept: 'application/json', ...headers };
    if (body !== undefined && !multipart) h['Content-Type'] = 'application/json';
    if (auth && token) h.Authorization = `Bearer ${token}`;
    return fetch(url, {
      method: rest.method ?? 'GET',
      headers: h,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      signal: rest.signal,
      credentials: rest.credentials ?? 'same-origin',
    });
  };

  const usedToken = auth ? getAccessToken() : null;
  const res = await send(usedToken);
  if (res.status !== 401 || !auth) return res;

  // Another request may have refreshed meanwhile: retry with the newer token first.
  const current = getAccessToken();
  if (current && current !== usedToken) {
    const retried = await send(current);
    if (retried.status !== 401) return retried;
  }
  const refreshed = await refreshSession();
  if (!refreshed) {
    useSession.getState().signedOut();
    return res;
  }
  return send(refreshed.token);
}

/** JSON request; throws ApiError on a non-2xx status. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await authedFetch(path, options);
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

import type { AuthRecord } from './dialect.ts';
import type { DialectName, NormalizedRequest, ProviderName } from './normalized.ts';
import type { Script } from './script.ts';

export interface JournalEntry {
  id: number;
  /**
   * `token`: an OAuth exchange at `POST /vertex/token`; `embeddings`: `POST …/embeddings`; `web`: the
   * web-search services and pages under `/web/` (web/handle-web.ts).
   */
  kind: 'generate' | 'models' | 'embeddings' | 'token' | 'web' | 'unknown';
  method: string;
  path: string;
  query: Record<string, string>;
  /** Secrets (authorization, x-api-key, x-goog-api-key, api-key, cookie) replaced by a fingerprint. */
  headers: Record<string, string>;
  rawBody: string;
  /** Parsed JSON body, when the body was JSON. */
  body: unknown;
  dialect: DialectName | null;
  provider: ProviderName | null;
  /** Path parts from the route: Azure `deployment`/`form`, Vertex `project`/`location`/`version`, Bedrock `modelId`. */
  params?: Record<string, string>;
  /**
   * How the request authenticated (dialects with their own auth: Azure, Bedrock, Vertex): scheme,
   * key fingerprint, SigV4 access key id / region / service / signed headers, Vertex client email.
   */
  auth?: AuthRecord;
  request?: NormalizedRequest;
  scenario?: { source: 'queue' | 'header' | 'directive' | 'model' | 'default'; name: string };
  script?: Script;
  /** Which attempt this is for the same request body (retries show up as 2, 3, …). */
  attempt: number;
  status?: number;
  /** When the status line and headers went out (ms, same clock as `emitTimes`). */
  headersAt?: number;
  /** Writes of body bytes; each write holds one or more wire events. */
  events: number;
  /** Emit time of each write, in ms on the monotonic `process.hrtime` clock (shared across processes). */
  emitTimes: number[];
  /** The client closed the connection before the response finished. */
  aborted: boolean;
  /** The response finished (normally, by error, or by an injected fault). */
  done: boolean;
  error?: string;
  startedAt: number;
  endedAt?: number;
}

type Filter = DialectName | ProviderName | ((e: JournalEntry) => boolean);

const MAX_ENTRIES = 2000;

/** Every request the fake served, for assertions in-process or over `GET /__fake/requests`. */
export class Journal {
  private entries: JournalEntry[] = [];
  private listeners = new Set<() => void>();
  private nextId = 1;

  add(entry: Omit<JournalEntry, 'id'>): JournalEntry {
    const full = { id: this.nextId++, ...entry };
    this.entries.push(full);
    // Long CLI sessions would otherwise grow without bound.
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    this.changed();
    return full;
  }

  /** Call after mutating an entry so `waitFor` sees the change. */
  changed(): void {
    for (const l of [...this.listeners]) l();
  }

  all(): JournalEntry[] {
    return [...this.entries];
  }

  /** The last generation request, optionally for one dialect or provider family. */
  last(filter?: Filter): JournalEntry | undefined {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const e = this.entries[i];
      if (typeof filter === 'function' ? filter(e) : e.kind === 'generate' && matches(e, filter)) return e;
    }
    return undefined;
  }

  clear(): void {
    this.entries = [];
    this.changed();
  }

  /** Resolves with the first entry (present or future) matching `pred`; rejects after `timeoutMs`. */
  waitFor(pred: (e: JournalEntry) => boolean, timeoutMs = 2000): Promise<JournalEntry> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = this.entries.find(pred);
        if (!hit) return false;
        cleanup();
        resolve(hit);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `journal.waitFor: no matching entry within ${timeoutMs} ms (${this.entries.length} entries)`,
          ),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }
}

function matches(e: JournalEntry, filter?: DialectName | ProviderName): boolean {
  return !filter || e.dialect === filter || e.provider === filter;
}

/** Monotonic ms, comparable across processes on one machine (benchmarks compare client and server). */
export const hrNowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

import type { AddressInfo } from 'node:net';
import { baseUrls, type FakeProviderUrls } from './dialects/registry.ts';
import { Journal } from './journal.ts';
import { type ScenarioMatch, ScenarioQueue } from './scenarios/queue.ts';
import type { Script, Timing } from './script.ts';
import { createFakeServer, type ServerState } from './server.ts';
import type { Pacer } from './transport/pacer.ts';
import {
  createTestServiceAccount,
  type ServiceAccountKey,
  type TestServiceAccount,
  VertexAuthority,
} from './vertex-auth.ts';

export type { AuthRecord } from './dialect.ts';
export type { FakeProviderUrls } from './dialects/registry.ts';
export { vertexBaseURL } from './dialects/registry.ts';
export { fakeEmbedding } from './embeddings.ts';
export {
  decodeMessage as decodeEventStreamMessage,
  encodeMessage as encodeEventStreamMessage,
  splitMessages as splitEventStream,
} from './encoders/eventstream.ts';
export type { JournalEntry } from './journal.ts';
export { Journal } from './journal.ts';
export type { DialectName, Message, NormalizedRequest, Part, ProviderName } from './normalized.ts';
export { SCENARIO_NAMES } from './scenarios/grammar.ts';
export { SCENARIO_MODELS } from './scenarios/model-names.ts';
export type { ScenarioMatch } from './scenarios/queue.ts';
export type { Chunking, ErrorKind, FaultKind, FinishReason, Script, Step, Timing, Usage } from './script.ts';
export type { ServiceAccountKey, TestServiceAccount } from './vertex-auth.ts';
export {
  CLOUD_PLATFORM_SCOPE,
  createTestServiceAccount,
  GOOGLE_TOKEN_URL,
  googleAuthOptionsFor,
  signServiceAccountAssertion,
  tokenUriFetch,
} from './vertex-auth.ts';
export { HUGE_PAGE_BYTES, PRIVATE_RESULT_URL, pageFact, SLOW_PAGE_MS, slugFor } from './web/content.ts';

export interface FakeProviderOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1; the fake is for local use only. */
  host?: string;
  /** Every delay becomes zero (stall faults excepted): for fast unit tests. */
  virtualTime?: boolean;
  /** Seeds replies and ids together with each request body's hash. */
  seed?: number;
  /** Timing defaults for every request; scenarios and directives override them. */
  timing?: Timing;
  /** Clock for `created` timestamps (ms); defaults to Date.now. */
  now?: () => number;
}

export interface FakeProvider {
  /** Origin, e.g. `http://127.0.0.1:4010`. */
  url: string;
  urls: FakeProviderUrls;
  /** Queue a script (or directive string, e.g. `"think tps=20"`) for the next matching request. */
  enqueue(match: ScenarioMatch, script: Script | string): void;
  journal: Journal;
  /** Clear the journal, the scenario queue and retry counters (service accounts and tokens stay). */
  reset(): void;
  /** Let `POST /vertex/token` verify assertions signed by this account (private or public key). */
  registerServiceAccount(sa: ServiceAccountKey): void;
  /** `createTestServiceAccount` with `token_uri` = this fake's `/vertex/token`, registered. */
  createServiceAccount(opts?: { projectId?: string; clientEmail?: string }): TestServiceAccount;
  close(): Promise<void>;
}

export async function startFakeProvider(opts: FakeProviderOptions = {}): Promise<FakeProvider> {
  const journal = new Journal();
  const queue = new ScenarioQueue();
  const attempts = new Map<string, number>();
  const active = new Set<Pacer>();
  const now = opts.now ?? Date.now;
  const vertex = new VertexAuthority();
  const reset = () => {
    journal.clear();
    queue.clear();
    attempts.clear();
  };
  const state: ServerState = {
    journal,
    queue,
    attempts,
    active,
    reset,
    seed: opts.seed ?? 0,
    virtualTime: opts.virtualTime ?? false,
    timing: opts.timing ?? {},
    now,
    services: { vertex },
  };
  const fakeServer = createFakeServer(state);
  const server = fakeServer.net;
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const urls = baseUrls(url);
  state.tokenUri = urls.vertexToken;
  return {
    url,
    urls,
    enqueue: (match, script) => {
      queue.enqueue(match, script);
    },
    journal,
    reset,
    registerServiceAccount: (sa) => vertex.register(sa),
    createServiceAccount: (o = {}) => {
      const sa = createTestServiceAccount({ ...o, tokenUri: urls.vertexToken });
      vertex.register(sa);
      return sa;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const p of active) p.cancel();
        server.close(() => resolve());
        fakeServer.closeAllConnections();
      }),
  };
}

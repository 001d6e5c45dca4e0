import type { IncomingHttpHeaders } from 'node:http';
import type { KeySource } from './auth.ts';
import type { DialectName, NormalizedRequest, ProviderName } from './normalized.ts';
import type { IdMaker } from './prng.ts';
import type { ErrorKind, FinishReason, ResolvedUsage } from './script.ts';
import type { VertexAuthority } from './vertex-auth.ts';

/** One wire event, exactly as written to the socket: SSE text, or a binary frame (Bedrock). */
export type Frame = string | Buffer;

/** What the route table extracted from the URL. */
export interface RouteInfo {
  model?: string;
  stream?: boolean;
  /** Path parts a dialect needs (Azure deployment, Vertex project/location, Bedrock model id, …). */
  params?: Record<string, string>;
}

/** Who the request claims to be, as the journal records it (secrets fingerprinted). */
export interface AuthRecord {
  scheme: 'api-key' | 'bearer' | 'sigv4' | 'oauth' | 'none';
  /** Fingerprint of the key or token. */
  key?: string;
  /** SigV4 (Bedrock): the Credential scope and signed headers. */
  accessKeyId?: string;
  region?: string;
  service?: string;
  date?: string;
  signedHeaders?: string[];
  sessionToken?: boolean;
  /** Vertex: the service account the Bearer token was issued to. */
  clientEmail?: string;
}

/** Shared state some dialects need to authenticate (Vertex's issued tokens). */
export interface DialectServices {
  vertex: VertexAuthority;
}

export interface AuthCheck {
  headers: IncomingHttpHeaders;
  query: Record<string, string>;
  route: RouteInfo;
  services: DialectServices;
}

/** `error` set: answer with it instead of generating. */
export interface AuthOutcome {
  record: AuthRecord;
  error?: HttpError;
}

export interface HttpError {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface ErrorInfo {
  model: string;
  message?: string;
  /** Estimated prompt tokens, for "context length" messages. */
  promptTokens?: number;
  key?: string;
  requestId?: string;
}

export interface EncodeContext {
  request: NormalizedRequest;
  /** The parsed request body, for dialect options the normalized request does not carry. */
  raw: Record<string, unknown>;
  query: Record<string, string>;
  route: RouteInfo;
  ids: IdMaker;
  /** Unix seconds. */
  created: number;
  usage: ResolvedUsage;
}

export interface ToolCallOut {
  id?: string;
  name: string;
  args: Record<string, unknown>;
}

/**
 * Turns the IR into wire events. Stateful: it opens and closes blocks/items as the content kind
 * changes, so the runner only feeds chunks in order.
 */
export interface StreamEncoder {
  contentType: string;
  start(): Frame[];
  reasoning(text: string, meta: { signature?: string; redacted?: boolean }): Frame[];
  text(text: string): Frame[];
  toolCall(call: ToolCallOut): Frame[];
  finish(reason: FinishReason): Frame[];
  /** Mid-stream error; `isolate` asks the transport to pause and write it on its own (Gemini). */
  error(kind: ErrorKind, info: ErrorInfo): { frames: Frame[]; isolate?: boolean };
  /** The `malformed` fault for binary framings: valid framing around a broken payload. */
  malformed?(frame: Frame): Frame;
  /** The `bad_crc` fault: the frame with a corrupted checksum (binary framings only). */
  badCrc?(frame: Frame): Frame;
}

/** The whole reply, for non-streaming requests. */
export interface WholeReply {
  reasoning: { text: string; signature?: string; redacted?: boolean }[];
  text: string;
  toolCalls: ToolCallOut[];
  finish: FinishReason;
}

export interface ModelsApi {
  list(): unknown;
  one(id: string): unknown | undefined;
}

export interface Dialect {
  name: DialectName;
  provider: ProviderName;
  keySources: KeySource[];
  /** Servers that ignore keys entirely (Ollama). */
  authOptional?: boolean;
  /** Request checks beyond the key; returns an invalid_request message when the request would be refused. */
  checkHeaders?(headers: IncomingHttpHeaders): string | undefined;
  /**
   * Auth beyond a key shape check (SigV4, OAuth tokens, Azure's api-version). Runs before the body
   * is decoded, as the real gateways do; replaces `keySources` + `checkKey` when present.
   */
  authenticate?(check: AuthCheck): AuthOutcome;
  /** Throws DecodeError for bodies the real API rejects with a 400. */
  decode(body: Record<string, unknown>, route: RouteInfo): NormalizedRequest;
  httpError(kind: ErrorKind, info: ErrorInfo): HttpError;
  streamEncoder(ctx: EncodeContext): StreamEncoder;
  whole(reply: WholeReply, ctx: EncodeContext): unknown;
  models: ModelsApi;
  /** Per-response headers such as `x-request-id`. */
  responseHeaders?(ids: IdMaker): Record<string, string>;
}

/** A request body the real API would reject with 400 `invalid_request`. */
export class DecodeError extends Error {
  constructor(
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

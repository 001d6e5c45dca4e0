/**
 * The Script IR (providers.md §10.2): what a fake reply does, independent of any dialect.
 * Scenarios produce a Script; a dialect encoder turns it into that provider's wire events.
 */

/** Error kinds every dialect can render, before headers or mid-stream (providers.md §8). */
export type ErrorKind =
  | 'auth'
  | 'rate_limit'
  | 'quota'
  | 'context_length'
  | 'overloaded'
  | 'server'
  | 'invalid_request'
  | 'not_found';

/** Transport faults; `bad_crc` corrupts a Bedrock event-stream frame's CRC (a disconnect elsewhere). */
export type FaultKind =
  | 'disconnect'
  | 'stall'
  | 'truncate'
  | 'malformed'
  | 'no_terminator'
  | 'html_502'
  | 'bad_crc';

export type Step =
  | { type: 'reasoning'; text: string; signature?: string; redacted?: boolean }
  | { type: 'text'; text: string }
  | { type: 'tool_call'; name: string; args: Record<string, unknown>; id?: string }
  /** `at`: 'headers' = HTTP error instead of a stream; N = after N content chunks; omitted = where the step sits. */
  | { type: 'error'; kind: ErrorKind; at?: 'headers' | number; message?: string }
  /** `at` as for errors; `ms` is the stall length (default 30 s, cut short when the client leaves). */
  | { type: 'fault'; kind: FaultKind; at?: number; ms?: number };

export type FinishReason = 'stop' | 'length' | 'tool' | 'content_filter';

/** Chunking of text into stream chunks: by word (leading whitespace kept), by character, or N characters. */
export type Chunking = 'word' | 'char' | number;

export interface Timing {
  /** Delay before the status line and headers. */
  headersMs?: number;
  /** Delay from headers to the first content chunk. */
  ttftMs?: number;
  /** Content chunks per second (a chunk is one word by default, about one token). */
  tokensPerSec?: number;
  /** Alternative to tokensPerSec: fixed gap between chunks. */
  interChunkMs?: number;
  /** Seeded random extra delay per chunk, 0..jitterMs. */
  jitterMs?: number;
  chunking?: Chunking;
}

export interface Usage {
  input?: number;
  output?: number;
  reasoning?: number;
  cacheRead?: number;
}

export interface Script {
  steps: Step[];
  finish?: FinishReason;
  usage?: Usage;
  timing?: Timing;
}

/** Usage with every field resolved (estimates fill what the script leaves out). */
export interface ResolvedUsage {
  input: number;
  output: number;
  reasoning: number;
  cacheRead: number;
}

import type { EncodeContext, ErrorInfo, Frame, HttpError, WholeReply } from '../dialect.ts';
import { openaiHttpError } from '../errors/openai.ts';
import type { ErrorKind, ResolvedUsage } from '../script.ts';

/**
 * Differences between servers that share OpenAI Chat Completions framing (providers.md §7, §10.2
 * "flavour overlays"). A new compatible server, or Azure later, is one of these plus a dialect file.
 */
export interface ChatFlavour {
  name: string;
  systemFingerprint: string;
  serviceTier?: string;
  /** Delta field carrying reasoning text; undefined = reasoning is never streamed (OpenAI). */
  reasoningField?: 'reasoning' | 'reasoning_content';
  /** Ollama and Mistral repeat `role` on every delta. */
  roleOnEveryDelta?: boolean;
  /** OpenAI opens with `{role:"assistant",content:"",refusal:null}`. */
  roleChunkFirst?: boolean;
  /** The opening delta when `roleChunkFirst` (default OpenAI's). */
  startDelta?: Record<string, unknown>;
  /** Ollama sends each tool call whole in one chunk. */
  wholeToolCalls?: boolean;
  /** DeepSeek puts usage on the final chunk even without `stream_options.include_usage`. */
  usageAlways?: boolean;
  usageExtras?(u: ResolvedUsage): Record<string, unknown>;
  /** Models that always reason, whatever the request says (deepseek-reasoner, magistral). */
  reasonsByDefault?(model: string): boolean;
  /** Flavour-specific ways a request turns reasoning on (OpenRouter `include_reasoning`, Groq `reasoning_format`). */
  reasoningRequested?(body: Record<string, unknown>): boolean;
  error(kind: ErrorKind, info: ErrorInfo): HttpError;
  /**
   * Hook for per-chunk overlays (Azure's `content_filter_results`, Groq's `x_groq`, OpenRouter's
   * `provider`); `phase` says which chunk this is.
   */
  decorateChunk?(
    chunk: Record<string, unknown>,
    index: number,
    phase: ChunkPhase,
    ctx: EncodeContext,
  ): Record<string, unknown>;
  /** Frames before the first chunk: Azure's `prompt_filter_results` chunk, OpenRouter's `:` comments. */
  preamble?(ctx: EncodeContext): Frame[];
  /** Delta fields for a reasoning chunk, instead of `{[reasoningField]: text}`. */
  reasoningDelta?(text: string): Record<string, unknown>;
  /** Message fields of a non-streamed reply (reasoning shapes, content arrays). */
  wholeMessage?(message: Record<string, unknown>, reply: WholeReply): Record<string, unknown>;
  /** Send the `choices: []` usage chunk even without `stream_options.include_usage` (OpenRouter). */
  usageChunkAlways?: boolean;
  /** The mid-stream error chunk; default: the HTTP error body alone. */
  streamError?(kind: ErrorKind, info: ErrorInfo, base: Record<string, unknown>): Record<string, unknown>;
  /** Chunk / completion ids (`gen-…`, hex ids). */
  completionId?(ctx: EncodeContext): string;
  /** Tool call ids (Mistral's nine alphanumerics). */
  toolCallId?(ctx: EncodeContext): string;
}

export type ChunkPhase = 'start' | 'content' | 'finish' | 'usage';

export const openaiFlavour: ChatFlavour = {
  name: 'openai',
  systemFingerprint: 'fp_fake0001',
  serviceTier: 'default',
  roleChunkFirst: true,
  error: openaiHttpError,
};

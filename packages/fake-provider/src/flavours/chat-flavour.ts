import type { ErrorInfo, HttpError } from '../dialects/dialect.ts';
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
  /** Ollama sends each tool call whole in one chunk. */
  wholeToolCalls?: boolean;
  /** DeepSeek puts usage on the final chunk even without `stream_options.include_usage`. */
  usageAlways?: boolean;
  usageExtras?(u: ResolvedUsage): Record<string, unknown>;
  /** Models that always reason, whatever the request says (deepseek-reasoner). */
  reasonsByDefault?(model: string): boolean;
  error(kind: ErrorKind, info: ErrorInfo): HttpError;
  /** Hook for Azure's `prompt_filter_results` / `content_filter_results` overlays. */
  decorateChunk?(chunk: Record<string, unknown>, index: number): Record<string, unknown>;
}

export const openaiFlavour: ChatFlavour = {
  name: 'openai',
  systemFingerprint: 'fp_fake0001',
  serviceTier: 'default',
  roleChunkFirst: true,
  error: openaiHttpError,
};

import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { APICallError } from 'ai';

export type StreamEvent =
  | { type: 'text'; text: string }
  | { type: 'think'; text: string }
  | { type: 'finish'; finishReason: string; outputTokens: number | null; inputTokens: number | null };

export interface StreamRequest {
  system?: string;
  turns: { role: 'user' | 'assistant'; text: string }[];
  options: Omit<LanguageModelV3CallOptions, 'prompt' | 'abortSignal'>;
  signal: AbortSignal;
  maxRetries: number;
}

/** Backoff before retry `n` (0-based), unless the provider said how long to wait. */
export const RETRY_BASE_MS = 500;
const RETRY_AFTER_MAX_MS = 10_000;

function retryDelay(error: APICallError, attempt: number): number {
  const after = Number(error.responseHeaders?.['retry-after']);
  if (Number.isFinite(after) && after > 0) return Math.min(after * 1000, RETRY_AFTER_MAX_MS);
  return RETRY_BASE_MS * 2 ** attempt;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

function toPrompt(req: StreamRequest): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = [];
  if (req.system) prompt.push({ role: 'system', content: req.system });
  for (const t of req.turns) prompt.push({ role: t.role, content: [{ type: 'text', text: t.text }] });
  return prompt;
}

/**
 * Stream a reply straight from the provider model (the AI SDK's provider layer). `streamText`
 * wraps the same stream in several more web-stream stages per token; skipping them halves the
 * server's CPU per token (bench/stream.ts), and a chat turn needs none of its tool-loop features.
 */
export async function* streamModel(model: LanguageModelV3, req: StreamRequest): AsyncGenerator<StreamEvent> {
  let stream: ReadableStream<LanguageModelV3StreamPart> | undefined;
  for (let attempt = 0; !stream; attempt++) {
    try {
      ({ stream } = await model.doStream({ ...req.options, prompt: toPrompt(req), abortSignal: req.signal }));
    } catch (error) {
      if (
        req.signal.aborted ||
        !APICallError.isInstance(error) ||
        !error.isRetryable ||
        attempt >= req.maxRetries
      ) {
        throw error;
      }
      await sleep(retryDelay(error, attempt), req.signal);
    }
  }
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      switch (value.type) {
        case 'text-delta':
          yield { type: 'text', text: value.delta };
          break;
        case 'reasoning-delta':
          yield { type: 'think', text: value.delta };
          break;
        case 'finish':
          yield {
            type: 'finish',
            finishReason: value.finishReason.unified,
            outputTokens: value.usage.outputTokens.total ?? null,
            inputTokens: value.usage.inputTokens.total ?? null,
          };
          break;
        case 'error':
          throw value.error;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

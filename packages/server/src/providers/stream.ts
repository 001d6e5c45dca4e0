import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  SharedV3ProviderMetadata,
} from '@ai-sdk/provider';
import { APICallError } from 'ai';

export type StreamEvent =
  | { type: 'text'; text: string }
  | { type: 'think'; text: string }
  | { type: 'finish'; finishReason: string; outputTokens: number | null; inputTokens: number | null }
  // Tool calls (agents): the arguments stream as JSON text, then the whole call arrives.
  | { type: 'tool-input-start'; id: string; name: string }
  | { type: 'tool-input-delta'; id: string; delta: string }
  | { type: 'tool-input-end'; id: string }
  | {
      type: 'tool-call';
      id: string;
      name: string;
      input: string;
      providerMetadata?: SharedV3ProviderMetadata;
    }
  // What the provider needs to get a thinking block back (Anthropic's and Bedrock's signatures,
  // redacted thinking): a tool loop resends the thinking with the calls it led to.
  | { type: 'think-meta'; providerMetadata: SharedV3ProviderMetadata }
  // A thinking block ended (the next thinking is another block, with its own signature).
  | { type: 'think-end' };

/** One turn of the conversation as the model gets it; a user turn may carry images. */
export interface PromptTurn {
  role: 'user' | 'assistant';
  text: string;
  images?: readonly { mediaType: string; data: Uint8Array }[];
}

export interface StreamRequest {
  system?: string;
  turns: readonly PromptTurn[];
  options: Omit<LanguageModelV3CallOptions, 'prompt' | 'abortSignal'>;
  /**
   * Messages after the turns: an agent's steps so far in this reply (its tool calls, and the
   * tools' results as `role: 'tool'` messages).
   */
  steps?: readonly LanguageModelV3Message[];
  /** Functions the model may call (agents); absent for a plain chat. */
  tools?: LanguageModelV3FunctionTool[];
  signal: AbortSignal;
  maxRetries: number;
  /** Give up on a provider that sends nothing for this long (ms); PROVIDER_IDLE_TIMEOUT_MS if unset. */
  idleTimeoutMs?: number;
}

/**
 * A provider that sends nothing for this long is given up on, so a stalled upstream never leaves
 * the user waiting forever (value not shown in the spec). Thinking models can be quiet for a while.
 */
export const PROVIDER_IDLE_TIMEOUT_MS = 120_000;
export const IDLE_TIMEOUT_INFO = 'The AI service stopped responding. Please try again.';

/** The provider sent nothing for the idle timeout, so its call was cancelled. */
export class ProviderIdleError extends Error {
  constructor() {
    super(IDLE_TIMEOUT_INFO);
    this.name = 'ProviderIdleError';
  }
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
  for (const t of req.turns) {
    if (t.role === 'assistant') {
      prompt.push({ role: 'assistant', content: [{ type: 'text', text: t.text }] });
      continue;
    }
    // Images first, then the words: what every provider's examples do, and what reads best.
    const images = (t.images ?? []).map((image) => ({
      type: 'file' as const,
      mediaType: image.mediaType,
      data: image.data,
    }));
    prompt.push({ role: 'user', content: [...images, { type: 'text', text: t.text }] });
  }
  if (req.steps) prompt.push(...req.steps);
  return prompt;
}

/** The provider's stream, retried with backoff (honouring `retry-after`) before the first token. */
async function openStream(
  model: LanguageModelV3,
  req: StreamRequest,
  signal: AbortSignal,
): Promise<ReadableStream<LanguageModelV3StreamPart>> {
  for (let attempt = 0; ; attempt++) {
    try {
      const call: LanguageModelV3CallOptions = { ...req.options, prompt: toPrompt(req), abortSignal: signal };
      if (req.tools?.length) call.tools = req.tools;
      return (await model.doStream(call)).stream;
    } catch (error) {
      if (
        signal.aborted ||
        !APICallError.isInstance(error) ||
        !error.isRetryable ||
        attempt >= req.maxRetries
      ) {
        throw error;
      }
      await sleep(retryDelay(error, attempt), signal);
    }
  }
}

/**
 * Stream a reply straight from the provider model (the AI SDK's provider layer). `streamText`
 * wraps the same stream in several more web-stream stages per token; skipping them halves the
 * server's CPU per token (bench/stream.ts), and a chat turn needs none of its tool-loop features.
 * A provider silent for `idleTimeoutMs` is cancelled and the stream throws ProviderIdleError.
 */
export async function* streamModel(model: LanguageModelV3, req: StreamRequest): AsyncGenerator<StreamEvent> {
  // Our own signal for the upstream call: the caller's abort and the idle timeout both end it.
  const upstream = new AbortController();
  const cancel = () => upstream.abort();
  if (req.signal.aborted) cancel();
  else req.signal.addEventListener('abort', cancel, { once: true });
  let idle = false;
  const timer = setTimeout(() => {
    idle = true;
    upstream.abort();
  }, req.idleTimeoutMs ?? PROVIDER_IDLE_TIMEOUT_MS);
  let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;
  try {
    reader = (await openStream(model, req, upstream.signal)).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Re-arms the same timer: nothing is allocated per token.
      timer.refresh();
      switch (value.type) {
        case 'text-delta':
          yield { type: 'text', text: value.delta };
          break;
        case 'reasoning-delta':
          yield { type: 'think', text: value.delta };
          if (value.providerMetadata) yield { type: 'think-meta', providerMetadata: value.providerMetadata };
          break;
        case 'reasoning-start':
          if (value.providerMetadata) yield { type: 'think-meta', providerMetadata: value.providerMetadata };
          break;
        case 'reasoning-end':
          if (value.providerMetadata) yield { type: 'think-meta', providerMetadata: value.providerMetadata };
          yield { type: 'think-end' };
          break;
        case 'finish':
          yield {
            type: 'finish',
            finishReason: value.finishReason.unified,
            outputTokens: value.usage.outputTokens.total ?? null,
            inputTokens: value.usage.inputTokens.total ?? null,
          };
          break;
        case 'tool-input-start':
          yield { type: 'tool-input-start', id: value.id, name: value.toolName };
          break;
        case 'tool-input-delta':
          yield { type: 'tool-input-delta', id: value.id, delta: value.delta };
          break;
        case 'tool-input-end':
          yield { type: 'tool-input-end', id: value.id };
          break;
        case 'tool-call':
          yield {
            type: 'tool-call',
            id: value.toolCallId,
            name: value.toolName,
            input: value.input,
            ...(value.providerMetadata ? { providerMetadata: value.providerMetadata } : {}),
          };
          break;

        case 'error':
          throw value.error;
      }
    }
  } catch (error) {
    throw idle ? new ProviderIdleError() : error;
  } finally {
    clearTimeout(timer);
    req.signal.removeEventListener('abort', cancel);
    reader?.releaseLock();
  }
  // Some streams just end when cancelled: a timed-out one still failed.
  if (idle) throw new ProviderIdleError();
}

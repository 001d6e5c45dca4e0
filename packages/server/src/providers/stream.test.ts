import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderIdleError, type StreamEvent, streamModel } from './stream.ts';

/**
 * A provider model whose stream the test feeds by hand. When the call is cancelled the stream
 * errors (as a fetch body does) or, with `closeOnAbort`, simply ends.
 */
function handFedModel(closeOnAbort = false) {
  const fed: { push(part: LanguageModelV3StreamPart): void; close(): void; signal?: AbortSignal } = {
    push: () => {},
    close: () => {},
  };
  const model = {
    specificationVersion: 'v3',
    provider: 'hand-fed',
    modelId: 'hand-fed',
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('not used')),
    doStream: async ({ abortSignal }: { abortSignal?: AbortSignal }) => {
      fed.signal = abortSignal;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          fed.push = (part) => controller.enqueue(part);
          fed.close = () => controller.close();
          abortSignal?.addEventListener('abort', () =>
            closeOnAbort ? controller.close() : controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return { stream };
    },
  } as unknown as LanguageModelV3;
  return { model, fed };
}

const text = (delta: string): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't', delta });

/** Read the stream in the background; `result` settles with the events and the error, if any. */
function consume(events: AsyncGenerator<StreamEvent>) {
  const seen: StreamEvent[] = [];
  const result = (async () => {
    try {
      for await (const e of events) seen.push(e);
      return { seen, error: null as unknown };
    } catch (error) {
      return { seen, error };
    }
  })();
  return { seen, result };
}

const request = (signal: AbortSignal, idleTimeoutMs: number) => ({
  turns: [{ role: 'user' as const, text: 'hi' }],
  options: {},
  signal,
  maxRetries: 0,
  idleTimeoutMs,
});

describe('streamModel idle timeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('cancels a provider that goes quiet and throws ProviderIdleError', async () => {
    const { model, fed } = handFedModel();
    const { result } = consume(streamModel(model, request(new AbortController().signal, 1000)));
    await vi.advanceTimersByTimeAsync(0);
    fed.push(text('Hel'));
    await vi.advanceTimersByTimeAsync(999);
    expect(fed.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const { seen, error } = await result;
    expect(fed.signal?.aborted).toBe(true);
    expect(seen).toEqual([{ type: 'text', text: 'Hel' }]);
    expect(error).toBeInstanceOf(ProviderIdleError);
  });

  it('restarts the wait with every part, so a slow but steady stream runs to its end', async () => {
    const { model, fed } = handFedModel();
    const { result } = consume(streamModel(model, request(new AbortController().signal, 1000)));
    for (const delta of ['a', 'b', 'c']) {
      await vi.advanceTimersByTimeAsync(800);
      fed.push(text(delta));
    }
    fed.close();
    const { seen, error } = await result;
    expect(error).toBeNull();
    expect(seen.map((e) => (e.type === 'text' ? e.text : e.type))).toEqual(['a', 'b', 'c']);
  });

  it('reports the timeout even when the cancelled stream ends without an error', async () => {
    const { model } = handFedModel(true);
    const { result } = consume(streamModel(model, request(new AbortController().signal, 500)));
    await vi.advanceTimersByTimeAsync(500);
    expect((await result).error).toBeInstanceOf(ProviderIdleError);
  });

  it("passes the caller's stop through as it is, not as a timeout", async () => {
    const { model, fed } = handFedModel();
    const stop = new AbortController();
    const { result } = consume(streamModel(model, request(stop.signal, 1000)));
    await vi.advanceTimersByTimeAsync(0);
    stop.abort();
    const { error } = await result;
    expect(fed.signal?.aborted).toBe(true);
    expect(error).not.toBeInstanceOf(ProviderIdleError);
    expect((error as Error).name).toBe('AbortError');
  });
});

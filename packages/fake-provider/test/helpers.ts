import type { StreamTextResult } from 'ai';
import { afterAll, beforeAll } from 'vitest';
import { type FakeProvider, type FakeProviderOptions, startFakeProvider } from '../src/index.ts';

/** One fake per test file, virtual time unless the file is about timing. */
export function useFake(opts: FakeProviderOptions = { virtualTime: true }): { readonly fake: FakeProvider } {
  const holder = {} as { fake: FakeProvider };
  beforeAll(async () => {
    holder.fake = await startFakeProvider(opts);
  });
  afterAll(async () => {
    await holder.fake?.close();
  });
  return holder;
}

export interface Collected {
  text: string;
  reasoning: string;
  toolCalls: { toolName: string; input: unknown }[];
  /** Error parts in the stream. */
  errors: unknown[];
  /** What the stream iteration itself threw (a dropped connection surfaces this way). */
  thrown?: unknown;
  finishReason?: string;
  outputTokens?: number;
}

/** Drain an `ai` streamText result into what the SDK delivered, errors included (never swallowed). */
// biome-ignore lint/suspicious/noExplicitAny: any tool set and output type may be collected
type AnyResult = StreamTextResult<any, any>;

export async function collect(result: AnyResult): Promise<Collected> {
  const out: Collected = { text: '', reasoning: '', toolCalls: [], errors: [] };
  try {
    await drain(result, out);
  } catch (e) {
    out.thrown = e;
  }
  return out;
}

async function drain(result: AnyResult, out: Collected) {
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') out.text += part.text;
    else if (part.type === 'reasoning-delta') out.reasoning += part.text;
    else if (part.type === 'tool-call') out.toolCalls.push({ toolName: part.toolName, input: part.input });
    else if (part.type === 'error') out.errors.push(part.error);
    else if (part.type === 'finish') {
      out.finishReason = part.finishReason;
      out.outputTokens = part.totalUsage.outputTokens;
    }
  }
}

/** The status code an SDK error carries, whatever the SDK calls it. */
export function statusOf(error: unknown): number | undefined {
  const e = error as { status?: number; statusCode?: number };
  return e?.statusCode ?? e?.status;
}

export const WEATHER_SCHEMA = {
  type: 'object',
  properties: { location: { type: 'string', description: 'City name' } },
  required: ['location'],
  additionalProperties: false,
} as const;

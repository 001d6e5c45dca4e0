import type { EncodeContext, ErrorInfo, Frame, StreamEncoder, WholeReply } from '../dialect.ts';
import { geminiErrorObject } from '../errors/gemini.ts';
import { geminiSignsCalls } from '../models.ts';
import type { ErrorKind, FinishReason } from '../script.ts';
import { estimateTokens } from '../tokens.ts';
import { SSE_CONTENT_TYPE } from '../transport/sse.ts';

const FINISH: Record<FinishReason, string> = {
  stop: 'STOP',
  length: 'MAX_TOKENS',
  tool: 'STOP',
  content_filter: 'SAFETY',
};

/** Overlays for services that speak Gemini's wire format with extras (Vertex AI). */
export interface GeminiWireOptions {
  /** Adds fields to every response body (Vertex: `createTime`, `usageMetadata.trafficType`). */
  decorate?(body: Record<string, unknown>): Record<string, unknown>;
  /** The `{code,message,status}` object for mid-stream errors. */
  errorObject?(kind: ErrorKind, info: ErrorInfo): object;
}

/**
 * Gemini stream (§5): each chunk is a whole GenerateContentResponse fragment with cumulative
 * `usageMetadata`; no event names, no terminator. Without `alt=sse` the endpoint streams one JSON
 * array instead, which this encoder also produces.
 */
/** An opaque, stable stand-in for Gemini's thought signature of a call. */
const callSignature = (name: string) => Buffer.from(`thought:${name}`).toString('base64');

/** The functionCall part; the first of a Gemini 3 response carries a thoughtSignature. */
function callPart(ctx: EncodeContext, call: { name: string; args: unknown }, first: boolean): object {
  return {
    functionCall: { name: call.name, args: call.args },
    ...(first && geminiSignsCalls(ctx.request.model) ? { thoughtSignature: callSignature(call.name) } : {}),
  };
}

export function geminiStream(ctx: EncodeContext, opts: GeminiWireOptions = {}): StreamEncoder {
  const sse = ctx.query.alt === 'sse';
  const responseId = ctx.ids('', 22);
  let outChars = 0;
  let thoughtChars = 0;
  let first = true;
  let calls = 0;

  const usage = (final: boolean) => {
    const candidates = final ? ctx.usage.output : Math.min(ctx.usage.output, estimateTokens(outChars));
    const thoughts = final
      ? ctx.usage.reasoning
      : Math.min(ctx.usage.reasoning, estimateTokens(thoughtChars));
    return {
      promptTokenCount: ctx.usage.input,
      candidatesTokenCount: candidates,
      totalTokenCount: ctx.usage.input + candidates + thoughts,
      ...(thoughts ? { thoughtsTokenCount: thoughts } : {}),
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: ctx.usage.input }],
    };
  };
  const frame = (parts: object[], finish?: FinishReason): Frame => {
    const body = {
      candidates: [
        { content: { parts, role: 'model' }, ...(finish ? { finishReason: FINISH[finish] } : {}), index: 0 },
      ],
      usageMetadata: usage(finish !== undefined),
      modelVersion: ctx.request.model,
      responseId,
    };
    const json = JSON.stringify(opts.decorate ? opts.decorate(body) : body);
    // Google ends SSE events with CRLF pairs; js-genai splits on either.
    if (sse) return `data: ${json}\r\n\r\n`;
    const prefix = first ? '[' : ',\r\n';
    first = false;
    return prefix + json;
  };

  return {
    contentType: sse ? SSE_CONTENT_TYPE : 'application/json; charset=UTF-8',
    start: () => [],
    reasoning(text) {
      thoughtChars += text.length;
      return [frame([{ text, thought: true }])];
    },
    text(text) {
      outChars += text.length;
      return [frame([{ text }])];
    },
    // A function call is always one complete part; `args` is an object (§5c).
    toolCall: (call) => [frame([callPart(ctx, call, calls++ === 0)])],
    finish(reason) {
      const frames = [frame([{ text: '' }], reason)];
      if (!sse) frames.push(first ? '[]' : ']');
      return frames;
    },
    // Mid-stream (§5d): js-genai only notices a bare JSON error that arrives in its own network read.
    error: (kind, info) => ({
      frames: [JSON.stringify({ error: (opts.errorObject ?? geminiErrorObject)(kind, info) })],
      isolate: true,
    }),
  };
}

export function geminiWhole(reply: WholeReply, ctx: EncodeContext, opts: GeminiWireOptions = {}) {
  const parts: object[] = reply.reasoning.map((r) => ({ text: r.text, thought: true }));
  if (reply.text) parts.push({ text: reply.text });
  reply.toolCalls.forEach((c, i) => {
    parts.push(callPart(ctx, c, i === 0));
  });
  const { input, output, reasoning } = ctx.usage;
  const body = {
    candidates: [{ content: { parts, role: 'model' }, finishReason: FINISH[reply.finish], index: 0 }],
    usageMetadata: {
      promptTokenCount: input,
      candidatesTokenCount: output,
      totalTokenCount: input + output + reasoning,
      ...(reasoning ? { thoughtsTokenCount: reasoning } : {}),
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: input }],
    },
    modelVersion: ctx.request.model,
    responseId: ctx.ids('', 22),
  };
  return opts.decorate ? opts.decorate(body) : body;
}

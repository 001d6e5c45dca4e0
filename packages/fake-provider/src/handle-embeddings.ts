import type { IncomingMessage } from 'node:http';
import type { RouteMatch } from './dialects/registry.ts';
import { embeddingDims, embeddingInputs, fakeEmbedding, toBase64 } from './embeddings.ts';
import { authorize, type GenerateState } from './handle-generate.ts';
import { estimateTokens } from './tokens.ts';
import { type Exchange, sendJson } from './transport/exchange.ts';

/**
 * `POST …/embeddings` in OpenAI's shape (OpenAI, Azure deployment and v1 URLs, compatible
 * prefixes), with the dialect's own auth and error envelope. Vectors come from fakeEmbedding.
 */
export function handleEmbeddings(
  state: GenerateState,
  ex: Exchange,
  req: IncomingMessage,
  route: RouteMatch,
  query: Record<string, string>,
  body: unknown,
) {
  const { dialect } = route;
  const denied = authorize(state, ex, req, dialect, route, query);
  if (denied) return sendJson(ex, denied.status, denied.body, denied.headers);
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const model = route.params?.deployment ?? (typeof b.model === 'string' ? b.model : '');
  const inputs = embeddingInputs(b.input);
  if (!model || !inputs) {
    return sendJson(ex, 400, {
      error: { message: `'${model ? 'input' : 'model'}' is required`, type: 'invalid_request_error' },
    });
  }
  const dims = embeddingDims(model, typeof b.dimensions === 'number' ? b.dimensions : undefined);
  const base64 = b.encoding_format === 'base64';
  const tokens = inputs.reduce((n, t) => n + estimateTokens(t.length), 0);
  sendJson(ex, 200, {
    object: 'list',
    data: inputs.map((text, index) => {
      const v = fakeEmbedding(text, dims);
      return { object: 'embedding', index, embedding: base64 ? toBase64(v) : v };
    }),
    model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

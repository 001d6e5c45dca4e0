import { checkKey, extractKey, fingerprint } from '../auth.ts';
import { decodeGemini } from '../decoders/gemini.ts';
import {
  type AuthCheck,
  type AuthOutcome,
  DecodeError,
  type Dialect,
  type EncodeContext,
} from '../dialect.ts';
import { type GeminiWireOptions, geminiStream, geminiWhole } from '../encoders/gemini.ts';
import { vertexApiKeyError, vertexAuthError, vertexErrorObject, vertexHttpError } from '../errors/vertex.ts';
import { vertexModels } from '../models.ts';

/** Vertex adds `createTime` and `usageMetadata.trafficType` to Gemini's response bodies (§5). */
function vertexWire(ctx: EncodeContext): GeminiWireOptions {
  // Microsecond precision, as Vertex writes it.
  const createTime = `${new Date(ctx.created * 1000).toISOString().slice(0, 19)}.${String(ctx.created % 1e6).padStart(6, '0')}Z`;
  return {
    decorate: (body) => {
      const usage = body.usageMetadata as Record<string, unknown> | undefined;
      return {
        ...body,
        ...(usage ? { usageMetadata: { ...usage, trafficType: 'ON_DEMAND' } } : {}),
        createTime,
      };
    },
    errorObject: vertexErrorObject,
  };
}

const KEY_SOURCES: Dialect['keySources'] = [
  { type: 'header', name: 'x-goog-api-key' },
  { type: 'query', name: 'key' },
];

/**
 * Project routes need `Authorization: Bearer <token from POST /vertex/token>`; Express mode
 * (`/vertex/v1/publishers/google/models/…`) takes an API key or a token.
 */
function authenticateVertex({ headers, query, route, services }: AuthCheck): AuthOutcome {
  const express = route.params?.express === 'true';
  const auth = headers.authorization;
  const bearer = typeof auth === 'string' ? /^Bearer\s+(.+)$/i.exec(auth)?.[1]?.trim() : undefined;
  const apiKey = extractKey(headers, query, KEY_SOURCES);
  if (bearer) {
    const record = { scheme: 'oauth' as const, key: fingerprint(bearer) };
    const check = services.vertex.check(bearer);
    if (!check.ok)
      return { record, error: vertexAuthError(check.reason === 'expired' ? 'expired' : 'invalid') };
    const withEmail = { ...record, clientEmail: check.clientEmail };
    if (!check.scopes.some((s) => s.endsWith('/auth/cloud-platform')))
      return { record: withEmail, error: vertexAuthError('scope') };
    return { record: withEmail };
  }
  if (apiKey) {
    const record = { scheme: 'api-key' as const, key: fingerprint(apiKey) };
    if (!express) return { record, error: vertexAuthError('api_key_unsupported') };
    return checkKey(apiKey).ok ? { record } : { record, error: vertexApiKeyError() };
  }
  return { record: { scheme: 'none' }, error: vertexAuthError('missing') };
}

/** Vertex AI generateContent (providers.md §5): Gemini's body and stream, Google Cloud auth. */
export const vertex: Dialect = {
  name: 'vertex',
  provider: 'vertex',
  keySources: KEY_SOURCES,
  authenticate: authenticateVertex,
  decode: (body, route) => {
    // Vertex, unlike the Gemini API, refuses contents without a role.
    if (Array.isArray(body.contents))
      for (const c of body.contents)
        if (!c || typeof c !== 'object' || !('role' in c) || !c.role)
          throw new DecodeError('Please use a valid role: user, model.', 'contents.role');
    return { ...decodeGemini(body, route), provider: 'vertex', dialect: 'vertex' };
  },
  httpError: vertexHttpError,
  streamEncoder: (ctx) => geminiStream(ctx, vertexWire(ctx)),
  whole: (reply, ctx) => geminiWhole(reply, ctx, vertexWire(ctx)),
  models: vertexModels,
};

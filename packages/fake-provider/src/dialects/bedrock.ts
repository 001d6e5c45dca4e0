import { checkKey, fingerprint } from '../auth.ts';
import { decodeBedrock } from '../decoders/bedrock.ts';
import type { AuthOutcome, Dialect } from '../dialect.ts';
import { bedrockStream, bedrockWhole } from '../encoders/bedrock.ts';
import { awsError, bedrockHttpError } from '../errors/bedrock.ts';
import { bedrockModels } from '../models.ts';
import type { IdMaker } from '../prng.ts';
import { checkSigV4 } from '../sigv4.ts';

const CORAL_NS = 'http://internal.amazon.com/coral/com.amazon.coral.service/';

/** A request id in AWS's UUID shape, from the request's seeded ids. */
const requestId = (ids: IdMaker) => {
  const hex = Array.from(ids('', 32), (c) => (c.charCodeAt(0) % 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * Bedrock auth (providers.md §6, §10.6): a SigV4 shape check (service `bedrock`; access key ids
 * starting `BAD` are "unrecognized"), or a Bedrock API key as `Authorization: Bearer`.
 */
function authenticateBedrock(
  headers: Parameters<NonNullable<Dialect['authenticate']>>[0]['headers'],
): AuthOutcome {
  const authorization = headers.authorization;
  if (!authorization || Array.isArray(authorization))
    return {
      record: { scheme: 'none' },
      error: awsError(403, 'MissingAuthenticationTokenException', 'Missing Authentication Token', CORAL_NS),
    };
  const bearer = /^Bearer\s+(.+)$/i.exec(authorization);
  if (bearer) {
    const key = bearer[1].trim();
    const record = { scheme: 'bearer' as const, key: fingerprint(key) };
    return checkKey(key).ok ? { record } : { record, error: bedrockHttpError('auth', { model: '' }) };
  }
  const check = checkSigV4(headers, 'bedrock');
  const sig = check.sig;
  const record = {
    scheme: 'sigv4' as const,
    ...(sig
      ? {
          accessKeyId: sig.accessKeyId,
          region: sig.region,
          service: sig.service,
          date: sig.date,
          signedHeaders: sig.signedHeaders,
        }
      : {}),
    ...(check.ok ? { sessionToken: check.sessionToken } : {}),
  };
  if (!check.ok) return { record, error: awsError(403, check.type, check.message, CORAL_NS) };
  if (check.sig.accessKeyId.startsWith('BAD'))
    return { record, error: bedrockHttpError('auth', { model: '' }) };
  return { record };
}

/** AWS Bedrock Runtime Converse / ConverseStream (providers.md §6); binary event-stream responses. */
export const bedrock: Dialect = {
  name: 'bedrock',
  provider: 'bedrock',
  keySources: [{ type: 'bearer' }],
  authenticate: ({ headers }) => authenticateBedrock(headers),
  decode: decodeBedrock,
  httpError: bedrockHttpError,
  streamEncoder: bedrockStream,
  whole: bedrockWhole,
  models: bedrockModels,
  responseHeaders: (ids) => ({ 'x-amzn-RequestId': requestId(ids) }),
};

import { decodeAnthropic } from '../decoders/anthropic.ts';
import type { Dialect } from '../dialect.ts';
import { anthropicStream, anthropicWhole } from '../encoders/anthropic.ts';
import { anthropicHttpError } from '../errors/anthropic.ts';
import { anthropicModels } from '../models.ts';

/** Anthropic Messages (providers.md §4). */
export const anthropic: Dialect = {
  name: 'anthropic',
  provider: 'anthropic',
  keySources: [{ type: 'header', name: 'x-api-key' }, { type: 'bearer' }],
  // The real API refuses requests without a version header; every SDK sends one.
  checkHeaders: (h) => (h['anthropic-version'] ? undefined : 'anthropic-version: header is required'),
  decode: (body) => decodeAnthropic(body),
  httpError: anthropicHttpError,
  streamEncoder: anthropicStream,
  whole: anthropicWhole,
  models: anthropicModels,
  responseHeaders: (ids) => ({ 'request-id': ids('req_011C') }),
};

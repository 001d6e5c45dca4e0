import { decodeOpenAIResponses } from '../decoders/openai-responses.ts';
import type { Dialect } from '../dialect.ts';
import { openaiResponsesStream, openaiResponsesWhole } from '../encoders/openai-responses.ts';
import { openaiHttpError } from '../errors/openai.ts';
import { openaiModels } from '../models.ts';

/** OpenAI Responses API (providers.md §2); HTTP errors use the Chat Completions envelope. */
export const openaiResponses: Dialect = {
  name: 'openai-responses',
  provider: 'openai',
  keySources: [{ type: 'bearer' }],
  decode: (body) => decodeOpenAIResponses(body),
  httpError: openaiHttpError,
  streamEncoder: openaiResponsesStream,
  whole: openaiResponsesWhole,
  models: openaiModels,
  responseHeaders: (ids) => ({ 'x-request-id': ids('req_', 32) }),
};

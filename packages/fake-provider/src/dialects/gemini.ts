import { decodeGemini } from '../decoders/gemini.ts';
import type { Dialect } from '../dialect.ts';
import { geminiStream, geminiWhole } from '../encoders/gemini.ts';
import { geminiHttpError } from '../errors/gemini.ts';
import { geminiModels } from '../models.ts';

/** Google Gemini API (providers.md §5); Vertex (vertex.ts) reuses the codecs with its own URLs, auth and overlays. */
export const gemini: Dialect = {
  name: 'gemini',
  provider: 'gemini',
  keySources: [
    { type: 'header', name: 'x-goog-api-key' },
    { type: 'query', name: 'key' },
  ],
  decode: decodeGemini,
  httpError: geminiHttpError,
  streamEncoder: geminiStream,
  whole: geminiWhole,
  models: geminiModels,
};

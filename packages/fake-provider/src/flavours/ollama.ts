import { OPENAI_STATUS } from '../errors/openai.ts';
import type { ErrorKind } from '../script.ts';
import type { ChatFlavour } from './chat-flavour.ts';

const TYPES: Partial<Record<ErrorKind, string>> = {
  invalid_request: 'invalid_request_error',
  context_length: 'invalid_request_error',
  not_found: 'not_found_error',
};

/** Ollama's /v1 layer (openai.go): `delta.reasoning`, role on every delta, whole tool calls, plain errors. */
export const ollamaFlavour: ChatFlavour = {
  name: 'ollama',
  systemFingerprint: 'fp_ollama',
  reasoningField: 'reasoning',
  roleOnEveryDelta: true,
  wholeToolCalls: true,
  error: (kind, info) => ({
    status: OPENAI_STATUS[kind],
    body: {
      error: {
        message:
          info.message ??
          (kind === 'not_found'
            ? `model "${info.model}" not found, try pulling it first`
            : `fake ${kind.replace('_', ' ')} error`),
        type: TYPES[kind] ?? 'api_error',
        param: null,
        code: null,
      },
    },
  }),
};

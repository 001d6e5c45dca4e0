import { openaiHttpError } from '../errors/openai.ts';
import type { ChatFlavour } from './chat-flavour.ts';

/** A generic OpenAI-compatible server in the vLLM mould: `reasoning_content`, usage only on request. */
export const compatibleFlavour: ChatFlavour = {
  name: 'compatible',
  systemFingerprint: 'fp_compatible',
  reasoningField: 'reasoning_content',
  roleChunkFirst: true,
  error: openaiHttpError,
};

import { compatibleFlavour } from '../flavours/compatible.ts';
import { deepseekFlavour } from '../flavours/deepseek.ts';
import { groqFlavour } from '../flavours/groq.ts';
import { mistralFlavour } from '../flavours/mistral.ts';
import { ollamaFlavour } from '../flavours/ollama.ts';
import { openrouterFlavour } from '../flavours/openrouter.ts';
import {
  compatibleModels,
  deepseekModels,
  groqModels,
  mistralModels,
  ollamaModels,
  openrouterModels,
} from '../models.ts';
import { chatDialect } from './chat-family.ts';

/** OpenAI-compatible servers (providers.md §7): Chat Completions framing plus a flavour overlay. */
export const compatible = chatDialect({
  name: 'compatible',
  provider: 'compatible',
  flavour: compatibleFlavour,
  models: compatibleModels,
});

/** Ollama ignores API keys, so none is required here either. */
export const ollama = chatDialect({
  name: 'ollama',
  provider: 'ollama',
  flavour: ollamaFlavour,
  models: ollamaModels,
  authOptional: true,
});

export const deepseek = chatDialect({
  name: 'deepseek',
  provider: 'deepseek',
  flavour: deepseekFlavour,
  models: deepseekModels,
});

/** OpenRouter (`/openrouter/api/v1/…`): comments, `reasoning` + `reasoning_details`, usage with cost. */
export const openrouter = chatDialect({
  name: 'openrouter',
  provider: 'openrouter',
  flavour: openrouterFlavour,
  models: openrouterModels,
});

/** Groq (`/groq/openai/v1/…`): `delta.reasoning`, `x_groq.usage` on the final chunk. */
export const groq = chatDialect({ name: 'groq', provider: 'groq', flavour: groqFlavour, models: groqModels });

/** Mistral (`/mistral/v1/…`): role on every delta, usage always, thinking content arrays. */
export const mistral = chatDialect({
  name: 'mistral',
  provider: 'mistral',
  flavour: mistralFlavour,
  models: mistralModels,
});

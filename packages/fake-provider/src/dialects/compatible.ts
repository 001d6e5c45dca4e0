import { compatibleFlavour } from '../flavours/compatible.ts';
import { deepseekFlavour } from '../flavours/deepseek.ts';
import { ollamaFlavour } from '../flavours/ollama.ts';
import { compatibleModels, deepseekModels, ollamaModels } from '../models.ts';
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

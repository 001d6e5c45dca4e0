import { openaiFlavour } from '../flavours/chat-flavour.ts';
import { openaiModels } from '../models.ts';
import { chatDialect } from './chat-family.ts';

/** OpenAI Chat Completions (providers.md §1). */
export const openaiChat = chatDialect({
  name: 'openai-chat',
  provider: 'openai',
  flavour: openaiFlavour,
  models: openaiModels,
});

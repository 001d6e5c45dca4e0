import { decodeOpenAIChat } from '../decoders/openai-chat.ts';
import type { Dialect, ModelsApi } from '../dialect.ts';
import { openaiChatStream, openaiChatWhole } from '../encoders/openai-chat.ts';
import type { ChatFlavour } from '../flavours/chat-flavour.ts';
import type { DialectName, ProviderName } from '../normalized.ts';

/** A dialect speaking Chat Completions framing with one flavour's overlays (OpenAI and compatibles). */
export function chatDialect(opts: {
  name: DialectName;
  provider: ProviderName;
  flavour: ChatFlavour;
  models: ModelsApi;
  authOptional?: boolean;
}): Dialect {
  const { name, provider, flavour } = opts;
  return {
    name,
    provider,
    keySources: [{ type: 'bearer' }],
    authOptional: opts.authOptional,
    decode: (body) => {
      const req = decodeOpenAIChat(body, name, provider);
      if (flavour.reasonsByDefault?.(req.model) || flavour.reasoningRequested?.(body))
        req.reasoning.enabled = true;
      return req;
    },
    httpError: (kind, info) => flavour.error(kind, info),
    streamEncoder: (ctx) => openaiChatStream(ctx, flavour),
    whole: (reply, ctx) => openaiChatWhole(reply, ctx, flavour),
    models: opts.models,
    responseHeaders: (ids) => ({ 'x-request-id': ids('req_', 32) }),
  };
}

import { DecodeError } from '../dialect.ts';
import type { Message, NormalizedRequest, Part } from '../normalized.ts';
import { checkThinkingBeforeToolResults } from './thinking-turns.ts';
import { compact, isObj, type Json, num, objs, required, stops, str } from './util.ts';

function blocks(content: unknown): Part[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  const parts: Part[] = [];
  for (const b of objs(content)) {
    const source = isObj(b.source) ? b.source : {};
    switch (b.type) {
      case 'text':
        parts.push({ type: 'text', text: str(b.text) ?? '' });
        break;
      case 'image':
      case 'document':
        parts.push({
          type: b.type === 'image' ? 'image' : 'file',
          mediaType: str(source.media_type),
          data: str(source.data),
          url: str(source.url),
        });
        break;
      case 'tool_use':
        parts.push({ type: 'tool_call', id: str(b.id), name: str(b.name) ?? '', args: b.input ?? {} });
        break;
      case 'tool_result':
        parts.push({
          type: 'tool_result',
          id: str(b.tool_use_id),
          content:
            typeof b.content === 'string'
              ? b.content
              : objs(b.content)
                  .map((c) => str(c.text) ?? '')
                  .join(''),
          ...(b.is_error === true ? { isError: true } : {}),
        });
        break;
      case 'thinking':
        parts.push({ type: 'reasoning', text: str(b.thinking) ?? '', signature: str(b.signature) });
        break;
      case 'redacted_thinking':
        parts.push({ type: 'reasoning', text: '', redacted: true });
        break;
    }
  }
  return parts;
}

/** Anthropic Messages body (§4); `max_tokens` is required, as the real API insists. */
export function decodeAnthropic(body: Json): NormalizedRequest {
  required(body, 'model', 'model: Field required');
  required(body, 'max_tokens', 'max_tokens: Field required');
  required(body, 'messages', 'messages: Field required');
  const messages: Message[] = objs(body.messages).map((m) => {
    const parts = blocks(m.content);
    // A user turn made only of tool results is the tool speaking, not the user.
    const onlyResults = parts.length > 0 && parts.every((p) => p.type === 'tool_result');
    return { role: m.role === 'assistant' ? 'assistant' : onlyResults ? 'tool' : 'user', parts };
  });
  const system =
    typeof body.system === 'string'
      ? body.system
      : objs(body.system)
          .map((b) => str(b.text) ?? '')
          .join('\n') || undefined;
  const thinking = isObj(body.thinking) ? body.thinking : undefined;
  const budget = num(thinking?.budget_tokens);
  if (thinking?.type === 'enabled' && budget !== undefined && budget < 1024)
    throw new DecodeError(
      'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024',
      'thinking',
    );
  checkThinkingBeforeToolResults(messages, thinking?.type === 'enabled' || thinking?.type === 'adaptive');
  return {
    provider: 'anthropic',
    dialect: 'anthropic',
    model: str(body.model) ?? '',
    ...(system ? { system } : {}),
    messages,
    tools: objs(body.tools).map((t) =>
      compact({ name: str(t.name) ?? '', description: str(t.description), parameters: t.input_schema }),
    ),
    params: compact({
      temperature: num(body.temperature),
      topP: num(body.top_p),
      topK: num(body.top_k),
      maxTokens: num(body.max_tokens),
      stop: stops(body.stop_sequences),
    }),
    reasoning: compact({ enabled: thinking?.type === 'enabled' || thinking?.type === 'adaptive', budget }),
    stream: body.stream === true,
  };
}

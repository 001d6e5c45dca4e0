import type { DialectName, Message, NormalizedRequest, Part, ProviderName } from '../normalized.ts';
import { compact, isObj, type Json, num, objs, parseArgs, required, stops, str } from './util.ts';

function contentParts(content: unknown): Part[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  const parts: Part[] = [];
  for (const p of objs(content)) {
    if (p.type === 'text') parts.push({ type: 'text', text: str(p.text) ?? '' });
    else if (p.type === 'image_url' && isObj(p.image_url))
      parts.push({ type: 'image', url: str(p.image_url.url) });
    else if (p.type === 'input_audio' || p.type === 'file') parts.push({ type: 'file' });
  }
  return parts;
}

/** OpenAI Chat Completions body (§1) → normalized request; shared by every compatible flavour. */
export function decodeOpenAIChat(
  body: Json,
  dialect: DialectName,
  provider: ProviderName,
): NormalizedRequest {
  required(body, 'model', 'you must provide a model parameter');
  required(body, 'messages');
  const system: string[] = [];
  const messages: Message[] = [];
  for (const m of objs(body.messages)) {
    const role = str(m.role);
    if (role === 'system' || role === 'developer') {
      const text = contentParts(m.content)
        .map((p) => (p.type === 'text' ? p.text : ''))
        .join('\n');
      system.push(text);
    } else if (role === 'user') messages.push({ role: 'user', parts: contentParts(m.content) });
    else if (role === 'assistant') {
      const parts: Part[] = [];
      // Compatible servers echo reasoning back under either name (§7).
      const reasoning = str(m.reasoning_content) ?? str(m.reasoning);
      if (reasoning) parts.push({ type: 'reasoning', text: reasoning });
      if (m.content) parts.push(...contentParts(m.content));
      for (const c of objs(m.tool_calls)) {
        const fn = isObj(c.function) ? c.function : {};
        parts.push({
          type: 'tool_call',
          id: str(c.id),
          name: str(fn.name) ?? '',
          args: parseArgs(fn.arguments),
        });
      }
      messages.push({ role: 'assistant', parts });
    } else if (role === 'tool') {
      messages.push({
        role: 'tool',
        parts: [{ type: 'tool_result', id: str(m.tool_call_id), content: m.content }],
      });
    }
  }
  const tools = objs(body.tools).map((t) => {
    const fn = isObj(t.function) ? t.function : t;
    return compact({ name: str(fn.name) ?? '', description: str(fn.description), parameters: fn.parameters });
  });
  const reasoningObj = isObj(body.reasoning) ? body.reasoning : {};
  const effort = str(body.reasoning_effort) ?? str(reasoningObj.effort);
  return {
    provider,
    dialect,
    model: str(body.model) ?? '',
    ...(system.length ? { system: system.join('\n') } : {}),
    messages,
    tools,
    params: compact({
      temperature: num(body.temperature),
      topP: num(body.top_p),
      maxTokens: num(body.max_completion_tokens) ?? num(body.max_tokens),
      stop: stops(body.stop),
      seed: num(body.seed) ?? num(body.random_seed),
    }),
    reasoning: compact({ enabled: !!effort && effort !== 'none', effort }),
    stream: body.stream === true,
  };
}

import type { Message, NormalizedRequest, Part } from '../normalized.ts';
import { compact, isObj, type Json, num, objs, parseArgs, required, str } from './util.ts';

function contentParts(content: unknown): Part[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  const parts: Part[] = [];
  for (const p of objs(content)) {
    if (p.type === 'input_text' || p.type === 'output_text' || p.type === 'text')
      parts.push({ type: 'text', text: str(p.text) ?? '' });
    else if (p.type === 'input_image') parts.push({ type: 'image', url: str(p.image_url) });
    else if (p.type === 'input_file')
      parts.push({ type: 'file', data: str(p.file_data), url: str(p.file_url) });
  }
  return parts;
}

/** Responses API body (§2): `input` string or items; `instructions` is the system prompt. */
export function decodeOpenAIResponses(body: Json): NormalizedRequest {
  required(body, 'model');
  required(body, 'input');
  const system: string[] = [];
  if (typeof body.instructions === 'string') system.push(body.instructions);
  const messages: Message[] = [];
  if (typeof body.input === 'string')
    messages.push({ role: 'user', parts: [{ type: 'text', text: body.input }] });
  for (const item of objs(body.input)) {
    const type = str(item.type) ?? 'message';
    if (type === 'message') {
      const role = str(item.role);
      if (role === 'system' || role === 'developer') {
        system.push(
          contentParts(item.content)
            .map((p) => (p.type === 'text' ? p.text : ''))
            .join('\n'),
        );
      } else
        messages.push({
          role: role === 'assistant' ? 'assistant' : 'user',
          parts: contentParts(item.content),
        });
    } else if (type === 'function_call') {
      messages.push({
        role: 'assistant',
        parts: [
          {
            type: 'tool_call',
            id: str(item.call_id),
            name: str(item.name) ?? '',
            args: parseArgs(item.arguments),
          },
        ],
      });
    } else if (type === 'function_call_output') {
      messages.push({
        role: 'tool',
        parts: [{ type: 'tool_result', id: str(item.call_id), content: item.output }],
      });
    } else if (type === 'reasoning') {
      const text = objs(item.summary)
        .map((s) => str(s.text) ?? '')
        .join('');
      messages.push({ role: 'assistant', parts: [{ type: 'reasoning', text }] });
    }
  }
  const tools = objs(body.tools)
    .filter((t) => t.type === 'function')
    .map((t) =>
      compact({ name: str(t.name) ?? '', description: str(t.description), parameters: t.parameters }),
    );
  const reasoning = isObj(body.reasoning) ? body.reasoning : undefined;
  return {
    provider: 'openai',
    dialect: 'openai-responses',
    model: str(body.model) ?? '',
    ...(system.length ? { system: system.join('\n') } : {}),
    messages,
    tools,
    params: compact({
      temperature: num(body.temperature),
      topP: num(body.top_p),
      maxTokens: num(body.max_output_tokens),
    }),
    reasoning: compact({
      // Reasoning text is only visible as summaries, and only when the request asks for them.
      enabled: !!reasoning?.summary,
      effort: str(reasoning?.effort),
      summary: str(reasoning?.summary),
    }),
    stream: body.stream === true,
  };
}

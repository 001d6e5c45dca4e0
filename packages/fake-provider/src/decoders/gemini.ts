import { DecodeError } from '../dialect.ts';
import { geminiSignsCalls } from '../models.ts';
import type { Message, NormalizedRequest, Part } from '../normalized.ts';
import { compact, isObj, type Json, num, objs, required, stops, str } from './util.ts';

function parts(raw: unknown): Part[] {
  const out: Part[] = [];
  for (const p of objs(raw)) {
    if (typeof p.text === 'string')
      out.push(p.thought === true ? { type: 'reasoning', text: p.text } : { type: 'text', text: p.text });
    else if (isObj(p.inlineData))
      out.push({ type: 'image', mediaType: str(p.inlineData.mimeType), data: str(p.inlineData.data) });
    else if (isObj(p.fileData))
      out.push({ type: 'file', mediaType: str(p.fileData.mimeType), url: str(p.fileData.fileUri) });
    else if (isObj(p.functionCall))
      out.push({
        type: 'tool_call',
        id: str(p.functionCall.id),
        name: str(p.functionCall.name) ?? '',
        args: p.functionCall.args ?? {},
        ...(typeof p.thoughtSignature === 'string' ? { signature: p.thoughtSignature } : {}),
      });
    else if (isObj(p.functionResponse))
      out.push({
        type: 'tool_result',
        id: str(p.functionResponse.id),
        name: str(p.functionResponse.name),
        content: p.functionResponse.response,
      });
  }
  return out;
}

/** Gemini generateContent body (§5); the model comes from the URL path. */
export function decodeGemini(body: Json, route: { model?: string; stream?: boolean }): NormalizedRequest {
  required(body, 'contents', '* GenerateContentRequest.contents: contents is not specified');
  const messages: Message[] = objs(body.contents).map((c) => {
    const ps = parts(c.parts);
    const onlyResults = ps.length > 0 && ps.every((p) => p.type === 'tool_result');
    return { role: c.role === 'model' ? 'assistant' : onlyResults ? 'tool' : 'user', parts: ps };
  });
  const sys = isObj(body.systemInstruction) ? body.systemInstruction : undefined;
  const system = sys
    ? objs(sys.parts)
        .map((p) => str(p.text) ?? '')
        .join('\n')
    : undefined;
  const config = isObj(body.generationConfig) ? body.generationConfig : {};
  const thinking = isObj(config.thinkingConfig) ? config.thinkingConfig : {};
  checkCallSignatures(messages, route.model ?? '');
  return {
    provider: 'gemini',
    dialect: 'gemini',
    model: route.model ?? '',
    ...(system ? { system } : {}),
    messages,
    tools: objs(body.tools).flatMap((t) =>
      objs(t.functionDeclarations).map((f) =>
        compact({
          name: str(f.name) ?? '',
          description: str(f.description),
          parameters: f.parameters ?? f.parametersJsonSchema,
        }),
      ),
    ),
    params: compact({
      temperature: num(config.temperature),
      topP: num(config.topP),
      topK: num(config.topK),
      maxTokens: num(config.maxOutputTokens),
      stop: stops(config.stopSequences),
      seed: num(config.seed),
    }),
    reasoning: compact({
      enabled: thinking.includeThoughts === true,
      includeThoughts: typeof thinking.includeThoughts === 'boolean' ? thinking.includeThoughts : undefined,
      budget: num(thinking.thinkingBudget),
      effort: str(thinking.thinkingLevel),
    }),
    stream: route.stream === true,
  };
}

/**
 * Gemini 3 refuses a request whose current turn (the model's turns after the last user text) has a
 * first functionCall without the thoughtSignature it came with, as the real API does.
 */
function checkCallSignatures(messages: readonly Message[], model: string): void {
  if (!geminiSignsCalls(model)) return;
  const start = messages.findLastIndex((m) => m.role === 'user');
  messages.forEach((m, i) => {
    if (i <= start || m.role !== 'assistant') return;
    const position = m.parts.findIndex((p) => p.type === 'tool_call');
    const call = m.parts[position];
    if (call?.type === 'tool_call' && !call.signature)
      throw new DecodeError(
        `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${call.name}\` , position ${position + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
        'contents',
      );
  });
}

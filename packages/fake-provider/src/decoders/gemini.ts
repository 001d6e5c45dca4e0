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

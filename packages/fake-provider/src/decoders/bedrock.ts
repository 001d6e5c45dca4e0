import { DecodeError, type RouteInfo } from '../dialect.ts';
import type { Message, NormalizedRequest, Part } from '../normalized.ts';
import { checkThinkingBeforeToolResults } from './thinking-turns.ts';
import { compact, isObj, type Json, num, objs, stops, str } from './util.ts';

function toolResultContent(raw: unknown): unknown {
  const blocks = objs(raw);
  if (blocks.length === 1 && typeof blocks[0].text === 'string') return blocks[0].text;
  if (blocks.length === 1 && blocks[0].json !== undefined) return blocks[0].json;
  return blocks.map((b) => (typeof b.text === 'string' ? b.text : (b.json ?? b)));
}

function blockParts(raw: unknown): Part[] {
  const out: Part[] = [];
  for (const b of objs(raw)) {
    if (typeof b.text === 'string') out.push({ type: 'text', text: b.text });
    else if (isObj(b.image)) {
      const source = isObj(b.image.source) ? b.image.source : {};
      out.push({
        type: 'image',
        mediaType: str(b.image.format) ? `image/${b.image.format}` : undefined,
        data: str(source.bytes),
      });
    } else if (isObj(b.document)) {
      const source = isObj(b.document.source) ? b.document.source : {};
      out.push({ type: 'file', mediaType: str(b.document.format), data: str(source.bytes) });
    } else if (isObj(b.toolUse))
      out.push({
        type: 'tool_call',
        id: str(b.toolUse.toolUseId),
        name: str(b.toolUse.name) ?? '',
        args: b.toolUse.input ?? {},
      });
    else if (isObj(b.toolResult))
      out.push({
        type: 'tool_result',
        id: str(b.toolResult.toolUseId),
        content: toolResultContent(b.toolResult.content),
        ...(b.toolResult.status === 'error' ? { isError: true } : {}),
      });
    else if (isObj(b.reasoningContent)) {
      const rc = b.reasoningContent;
      if (isObj(rc.reasoningText))
        out.push(
          compact({
            type: 'reasoning' as const,
            text: str(rc.reasoningText.text) ?? '',
            signature: str(rc.reasoningText.signature),
          }),
        );
      else if (rc.redactedContent !== undefined)
        out.push({ type: 'reasoning', text: String(rc.redactedContent), redacted: true });
    }
    // cachePoint, guardContent, video: nothing to normalize.
  }
  return out;
}

/**
 * Bedrock Converse / ConverseStream body (§6) → normalized request. The model id comes from the
 * URL (already URL-decoded); `stream` from the route (`converse-stream`).
 */
export function decodeBedrock(body: Json, route: RouteInfo): NormalizedRequest {
  if (!Array.isArray(body.messages))
    throw new DecodeError(
      "1 validation error detected: Value null at 'messages' failed to satisfy constraint: Member must not be null",
      'messages',
    );
  const messages: Message[] = objs(body.messages).map((m) => {
    const parts = blockParts(m.content);
    const onlyResults = parts.length > 0 && parts.every((p) => p.type === 'tool_result');
    return { role: m.role === 'assistant' ? 'assistant' : onlyResults ? 'tool' : 'user', parts };
  });
  if (messages.length === 0 || messages[0].role === 'assistant')
    throw new DecodeError(
      'A conversation must start with a user message. Try again with a conversation that starts with a user message.',
      'messages',
    );
  const system = objs(body.system)
    .map((s) => str(s.text))
    .filter((t): t is string => t !== undefined)
    .join('\n');
  const inference = isObj(body.inferenceConfig) ? body.inferenceConfig : {};
  const toolConfig = isObj(body.toolConfig) ? body.toolConfig : {};
  const extra = isObj(body.additionalModelRequestFields) ? body.additionalModelRequestFields : {};
  // Claude on Bedrock: `thinking: {type: "enabled", budget_tokens}`; Nova and others: `reasoningConfig`.
  const thinking = isObj(extra.thinking) ? extra.thinking : {};
  const reasoningConfig = isObj(extra.reasoningConfig)
    ? extra.reasoningConfig
    : isObj(extra.reasoning_config)
      ? extra.reasoning_config
      : {};
  const thinkingOn = thinking.type === 'enabled' || thinking.type === 'adaptive';
  const effort = str(reasoningConfig.maxReasoningEffort) ?? str(reasoningConfig.effort);
  const reasoningOn = thinkingOn || reasoningConfig.type === 'enabled' || !!effort;
  // Claude on Bedrock checks the thinking before tool results as Anthropic does.
  checkThinkingBeforeToolResults(messages, thinkingOn);
  return {
    provider: 'bedrock',
    dialect: 'bedrock',
    model: route.model ?? '',
    ...(system ? { system } : {}),
    messages,
    tools: objs(toolConfig.tools)
      .map((t) => (isObj(t.toolSpec) ? t.toolSpec : undefined))
      .filter((t): t is Json => t !== undefined)
      .map((t) =>
        compact({
          name: str(t.name) ?? '',
          description: str(t.description),
          parameters: isObj(t.inputSchema) ? t.inputSchema.json : undefined,
        }),
      ),
    params: compact({
      temperature: num(inference.temperature),
      topP: num(inference.topP),
      topK: num(extra.top_k),
      maxTokens: num(inference.maxTokens),
      stop: stops(inference.stopSequences),
    }),
    reasoning: compact({
      enabled: reasoningOn,
      budget: num(thinking.budget_tokens),
      effort,
    }),
    stream: route.stream === true,
  };
}

import {
  CodeOutput,
  ContentPart,
  MessageFile,
  ModelParameters,
  NO_PARENT,
  pickModelParameters,
  ToolCallAttachment,
} from '@parley/schema';
import type { z } from 'zod';
import {
  type ImportedConversation,
  type ImportedMessage,
  type ImportSource,
  isObject,
  type Json,
  keptAncestor,
  span,
  str,
  toMs,
} from './types.ts';

/** Our own .json export, which is also LibreChat's: conversation fields plus messages. */
export function isParleyExport(data: unknown): data is Json {
  return (
    isObject(data) &&
    typeof data.conversationId === 'string' &&
    (Array.isArray(data.messagesTree) || Array.isArray(data.messages))
  );
}

/** The items of a list that fit `schema`: one bad entry drops only itself. */
function validItems<T>(raw: unknown, schema: z.ZodType<T>): T[] {
  if (!Array.isArray(raw)) return [];
  const out: T[] = [];
  for (const item of raw) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** A tool call's lists cleaned item by item, so one bad attachment keeps the call. */
function cleanToolCall(call: Json): Json {
  const out: Json = { ...call };
  if (call.attachments !== undefined) out.attachments = validItems(call.attachments, ToolCallAttachment);
  const code = call.code_interpreter;
  if (isObject(code) && code.outputs !== undefined)
    out.code_interpreter = { ...code, outputs: validItems(code.outputs, CodeOutput) };
  return out;
}

function contentOf(raw: unknown): ContentPart[] | null {
  if (!Array.isArray(raw)) return null;
  const parts: ContentPart[] = [];
  for (const p of raw) {
    const candidate =
      isObject(p) && p.type === 'tool_call' && isObject(p.tool_call)
        ? { ...p, tool_call: cleanToolCall(p.tool_call) }
        : p;
    const parsed = ContentPart.safeParse(candidate);
    if (parsed.success) parts.push(parsed.data);
  }
  return parts.length > 0 ? parts : null;
}

/**
 * LibreChat keeps the files a tool made in the message's `attachments`, each naming its call by
 * `toolCallId`: they move onto that call. Those whose call is not in the content become message
 * files, beside the message's own `files`.
 */
function withAttachments(
  m: Json,
  content: ContentPart[] | null,
): { content: ContentPart[] | null; files: MessageFile[] | null } {
  const files = validItems(m.files, MessageFile);
  const loose: MessageFile[] = [];
  const calls = new Map<string, Extract<ContentPart, { type: 'tool_call' }>['tool_call']>();
  for (const p of content ?? []) if (p.type === 'tool_call') calls.set(p.tool_call.id, p.tool_call);
  for (const a of validItems(m.attachments, ToolCallAttachment)) {
    const call = a.toolCallId ? calls.get(a.toolCallId) : undefined;
    if (!call) {
      const { toolCallId: _id, ...file } = a;
      loose.push(file);
    } else if (!call.attachments?.some((x) => x.filepath === a.filepath && x.filename === a.filename)) {
      call.attachments = [...(call.attachments ?? []), a];
    }
  }
  const all = [...files, ...loose];
  return { content, files: all.length > 0 ? all : null };
}

function textOf(m: Json, content: ContentPart[] | null): string {
  const text = str(m.text);
  if (text) return text;
  return (content ?? [])
    .filter((p) => p.type === 'text')
    .map((p) => (p as { text: string }).text)
    .join('\n');
}

/**
 * Flatten the export into rows. Nested (`recursive`) exports carry the tree in `children`; flat
 * ones in `parentMessageId`. Messages with neither text nor content are dropped and their children
 * move up to the nearest kept ancestor.
 */
export function convertParley(data: Json): ImportedConversation {
  const nested = Array.isArray(data.messagesTree) ? data.messagesTree : (data.messages as unknown[]);
  const raw: { m: Json; parent: string | null }[] = [];
  const walk = (list: unknown[], parent: string | null) => {
    // An explicit stack: deep threads must not overflow the call stack.
    const stack: { list: unknown[]; parent: string | null }[] = [{ list, parent }];
    while (stack.length > 0) {
      const frame = stack.pop()!;
      for (const m of frame.list) {
        if (!isObject(m)) continue;
        const id = str(m.messageId);
        if (!id) continue;
        const stated = str(m.parentMessageId);
        const isNested = Array.isArray(m.children);
        raw.push({ m, parent: frame.parent ?? (stated && stated !== NO_PARENT ? stated : null) });
        if (isNested && (m.children as unknown[]).length > 0)
          stack.push({ list: m.children as unknown[], parent: id });
      }
    }
  };
  walk(nested, null);

  const parentOf = new Map(raw.map((r) => [str(r.m.messageId)!, r.parent]));
  const kept = new Set<string>();
  const messages: ImportedMessage[] = [];
  for (const { m } of raw) {
    const content = contentOf(m.content);
    const text = textOf(m, content);
    if (!text && !content && validItems(m.files, MessageFile).length === 0) continue;
    kept.add(str(m.messageId)!);
  }
  for (const { m, parent } of raw) {
    const id = str(m.messageId)!;
    if (!kept.has(id)) continue;
    const { content, files } = withAttachments(m, contentOf(m.content));
    messages.push({
      sourceId: id,
      parentSourceId: keptAncestor((x) => parentOf.get(x), kept, parent),
      sender: str(m.sender) ?? (m.isCreatedByUser ? 'User' : 'Assistant'),
      text: textOf(m, content),
      content,
      files,
      isCreatedByUser: m.isCreatedByUser === true,
      error: m.error === true,
      unfinished: m.unfinished === true,
      endpoint: str(m.endpoint),
      model: str(m.model),
      finishReason: str(m.finish_reason),
      createdAt: toMs(m.createdAt),
    });
  }

  const options = isObject(data.options) ? data.options : {};
  const times = span(messages.map((m) => m.createdAt));
  return {
    title: str(data.title) ?? str(options.title) ?? '',
    endpoint: str(data.endpoint) ?? str(options.endpoint),
    model: str(options.model) ?? messages.find((m) => m.model)?.model ?? null,
    parameters: validParameters(options),
    createdAt: toMs(data.createdAt) ?? times.min,
    updatedAt: toMs(data.updatedAt) ?? times.max,
    messages,
  };
}

export function parleySource(data: Json): ImportSource {
  return {
    format: 'parley',
    total: 1,
    *conversations() {
      yield convertParley(data);
    },
  };
}

/**
 * The model parameters of an export that are valid here, one by one: a bad value is dropped, so
 * the imported conversation can still be continued.
 */
function validParameters(options: Record<string, unknown>): Record<string, unknown> {
  const shape = ModelParameters.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
  return Object.fromEntries(
    Object.entries(pickModelParameters(options)).filter(
      ([key, value]) => shape[key]?.safeParse(value).success,
    ),
  );
}

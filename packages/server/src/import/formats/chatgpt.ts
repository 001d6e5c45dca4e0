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

/** ChatGPT's `conversations.json`: an array of conversations, each a `mapping` of nodes. */
export function isChatGptExport(data: unknown): data is Json[] {
  return Array.isArray(data) && data.length > 0 && isObject(data[0]) && isObject(data[0].mapping);
}

/** 'gpt-4o' → 'GPT-4o'; other slugs as they are. */
export function senderForModel(slug: string | null): string {
  if (!slug) return 'ChatGPT';
  const gpt = /^gpt-(.+)$/i.exec(slug);
  return gpt ? `GPT-${gpt[1]}` : slug;
}

/** Node content types that are not part of the visible conversation. */
const HIDDEN_CONTENT = new Set([
  'user_editable_context',
  'model_editable_context',
  'thoughts',
  'reasoning_recap',
  'system_error',
]);

function textOf(content: Json): string {
  const type = str(content.content_type);
  if (type === 'code') {
    const lang = str(content.language);
    const code = str(content.text) ?? '';
    return code ? `\`\`\`${lang && lang !== 'unknown' ? lang : ''}\n${code}\n\`\`\`` : '';
  }
  if (type === 'execution_output') {
    const out = str(content.text) ?? '';
    return out ? `Execution output:\n\`\`\`\n${out}\n\`\`\`` : '';
  }
  if (Array.isArray(content.parts)) {
    // Text parts are strings; images and audio are objects we cannot bring along.
    return content.parts
      .filter((p): p is string => typeof p === 'string')
      .join('\n')
      .trim();
  }
  return str(content.text)?.trim() ?? '';
}

/** Whether a node is shown in ChatGPT's own thread view. */
function visible(message: Json): boolean {
  const author = isObject(message.author) ? message.author : {};
  const role = str(author.role);
  const meta = isObject(message.metadata) ? message.metadata : {};
  const content = isObject(message.content) ? message.content : {};
  if (role !== 'user' && role !== 'assistant' && role !== 'tool') return false;
  if (meta.is_visually_hidden_from_conversation === true) return false;
  if (HIDDEN_CONTENT.has(str(content.content_type) ?? '')) return false;
  // Browsing and plugin calls go to a tool; only code the user can read is kept.
  const recipient = str(message.recipient);
  if (role === 'assistant' && recipient && recipient !== 'all' && content.content_type !== 'code')
    return false;
  if (role === 'tool' && content.content_type !== 'execution_output') return false;
  return textOf(content) !== '';
}

/**
 * One ChatGPT conversation: every branch of the mapping tree is kept; system prompts, hidden
 * context and tool plumbing are dropped and their children re-attached to the nearest kept node.
 */
export function convertChatGptConversation(conv: Json): ImportedConversation {
  const mapping = isObject(conv.mapping) ? conv.mapping : {};
  const nodes = new Map<string, Json>();
  for (const [id, node] of Object.entries(mapping)) if (isObject(node)) nodes.set(id, node);
  const parentOf = (id: string) => str(nodes.get(id)?.parent);
  const kept = new Set<string>();
  for (const [id, node] of nodes) if (isObject(node.message) && visible(node.message)) kept.add(id);

  const messages: ImportedMessage[] = [];
  for (const [id, node] of nodes) {
    if (!kept.has(id)) continue;
    const message = node.message as Json;
    const role = str((message.author as Json).role);
    const meta = isObject(message.metadata) ? message.metadata : {};
    const model = str(meta.model_slug) ?? str(conv.default_model_slug);
    const isUser = role === 'user';
    const finish = isObject(meta.finish_details) ? str(meta.finish_details.type) : null;
    messages.push({
      sourceId: id,
      parentSourceId: keptAncestor(parentOf, kept, parentOf(id)),
      sender: isUser ? 'User' : senderForModel(model),
      text: textOf(message.content as Json),
      isCreatedByUser: isUser,
      unfinished: message.status === 'in_progress',
      endpoint: 'openAI',
      model: isUser ? null : model,
      finishReason: finish === 'stop' ? 'stop' : finish,
      createdAt: toMs(message.create_time, true),
    });
  }
  const times = span(messages.map((m) => m.createdAt));
  return {
    title: str(conv.title) ?? '',
    endpoint: 'openAI',
    model: str(conv.default_model_slug) ?? messages.find((m) => m.model)?.model ?? null,
    createdAt: toMs(conv.create_time, true) ?? times.min,
    updatedAt: toMs(conv.update_time, true) ?? times.max,
    messages,
  };
}

export function chatGptSource(data: Json[]): ImportSource {
  return {
    format: 'chatgpt',
    total: data.length,
    *conversations() {
      for (const conv of data) if (isObject(conv)) yield convertChatGptConversation(conv);
    },
  };
}

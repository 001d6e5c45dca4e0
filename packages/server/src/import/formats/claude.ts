import type { ContentPart } from '@parley/schema';
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

/** Claude's `conversations.json`: an array of conversations, each with `chat_messages`. */
export function isClaudeExport(data: unknown): data is Json[] {
  return Array.isArray(data) && data.length > 0 && isObject(data[0]) && Array.isArray(data[0].chat_messages);
}

/** Claude marks a thread's first message as a child of this all-zero id. */
const CLAUDE_ROOT = '00000000-0000-4000-8000-000000000000';

/** Files Claude read in full come with their text; they are kept under the message. */
function attachmentsText(m: Json): string {
  const list = Array.isArray(m.attachments) ? m.attachments : [];
  return list
    .filter(isObject)
    .map((a) => {
      const body = str(a.extracted_content);
      return body ? `\n\n**${str(a.file_name) ?? 'attachment'}**\n\`\`\`\n${body}\n\`\`\`` : '';
    })
    .join('');
}

function partsOf(m: Json): { text: string; content: ContentPart[] | null } {
  const raw = Array.isArray(m.content) ? m.content.filter(isObject) : [];
  const texts = raw.filter((p) => p.type === 'text').map((p) => str(p.text) ?? '');
  const thinking = raw
    .filter((p) => p.type === 'thinking')
    .map((p) => str(p.thinking) ?? '')
    .filter(Boolean);
  const text = ((texts.length > 0 ? texts.join('\n\n') : (str(m.text) ?? '')) + attachmentsText(m)).trim();
  const content: ContentPart[] | null =
    thinking.length > 0
      ? [...thinking.map((t) => ({ type: 'think' as const, think: t })), { type: 'text', text }]
      : null;
  return { text, content };
}

/**
 * One Claude conversation. Newer exports link messages with `parent_message_uuid` (so edits and
 * retries keep their branches); older ones are a plain sequence.
 */
export function convertClaudeConversation(conv: Json): ImportedConversation {
  const list = (conv.chat_messages as unknown[]).filter(isObject);
  const idOf = (m: Json, i: number) => str(m.uuid) ?? `claude-${i}`;
  const ids = new Set(list.map(idOf));
  const linked = list.some((m) => typeof m.parent_message_uuid === 'string');
  const parentOf = new Map<string, string | null>();
  list.forEach((m, i) => {
    const stated = str(m.parent_message_uuid);
    const previous = i > 0 ? idOf(list[i - 1], i - 1) : null;
    parentOf.set(
      idOf(m, i),
      linked ? (stated && stated !== CLAUDE_ROOT && ids.has(stated) ? stated : null) : previous,
    );
  });
  const parts = list.map(partsOf);
  const kept = new Set(list.map(idOf).filter((_, i) => parts[i].text || parts[i].content));
  const messages: ImportedMessage[] = [];
  list.forEach((m, i) => {
    const id = idOf(m, i);
    if (!kept.has(id)) return;
    const isUser = m.sender === 'human';
    messages.push({
      sourceId: id,
      // An empty message is dropped; its children hang from the message above it.
      parentSourceId: keptAncestor((x) => parentOf.get(x), kept, parentOf.get(id)),
      sender: isUser ? 'User' : 'Claude',
      text: parts[i].text,
      content: parts[i].content,
      isCreatedByUser: isUser,
      endpoint: 'anthropic',
      model: null,
      createdAt: toMs(m.created_at),
    });
  });
  const times = span(messages.map((m) => m.createdAt));
  return {
    title: str(conv.name) ?? '',
    endpoint: 'anthropic',
    model: null,
    createdAt: toMs(conv.created_at) ?? times.min,
    updatedAt: toMs(conv.updated_at) ?? times.max,
    messages,
  };
}

export function claudeSource(data: Json[]): ImportSource {
  return {
    format: 'claude',
    total: data.length,
    *conversations() {
      for (const conv of data) {
        if (isObject(conv) && Array.isArray(conv.chat_messages)) yield convertClaudeConversation(conv);
      }
    },
  };
}

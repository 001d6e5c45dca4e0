import { randomUUID } from 'node:crypto';
import { DEFAULT_TITLE, NO_PARENT, TITLE_MAX } from '@parley/schema';
import { newConversationRow, newMessageRow } from '../db/rows.ts';
import type { ConversationRow, MessageRow } from '../db/schema.ts';
import type { ImportedConversation } from './formats/types.ts';

export interface ImportRows {
  conversation: ConversationRow;
  messages: MessageRow[];
}

/**
 * Rows for one imported conversation, all with new ids (an export imported twice gives two
 * copies; ids from another account are never reused). The tree is kept through the id map.
 * Messages without a time get their parent's time plus 1 ms, so siblings and replies stay in
 * order. Null when nothing in the conversation can be shown.
 */
export function toImportRows(userId: string, source: ImportedConversation, now: number): ImportRows | null {
  if (source.messages.length === 0) return null;
  const conversationId = randomUUID();
  const newId = new Map(source.messages.map((m) => [m.sourceId, randomUUID()]));
  const children = new Map<string | null, typeof source.messages>();
  for (const m of source.messages) {
    const parent = m.parentSourceId && newId.has(m.parentSourceId) ? m.parentSourceId : null;
    const list = children.get(parent) ?? [];
    list.push(m);
    children.set(parent, list);
  }

  const base = source.createdAt ?? now;
  const messages: MessageRow[] = [];
  const placed = new Set<string>();
  // Breadth-first from the roots: a parent's time is known before its children's.
  const queue: { sourceId: string | null; time: number }[] = [{ sourceId: null, time: base - 1 }];
  const place = (m: (typeof source.messages)[number], parentId: string, parentTime: number, i: number) => {
    placed.add(m.sourceId);
    const time = m.createdAt ?? parentTime + 1 + i;
    messages.push(
      newMessageRow({
        userId,
        messageId: newId.get(m.sourceId)!,
        conversationId,
        parentMessageId: parentId,
        sender: m.sender || (m.isCreatedByUser ? 'User' : 'Assistant'),
        text: m.text,
        content: m.content,
        isCreatedByUser: m.isCreatedByUser,
        error: m.error,
        unfinished: m.unfinished,
        endpoint: m.endpoint ?? source.endpoint,
        model: m.model,
        finishReason: m.finishReason,
        files: m.files,
        createdAt: time,
      }),
    );
    queue.push({ sourceId: m.sourceId, time });
  };
  for (let q = 0; q < queue.length; q++) {
    const { sourceId, time } = queue[q];
    const parentId = sourceId === null ? NO_PARENT : newId.get(sourceId)!;
    (children.get(sourceId) ?? []).forEach((m, i) => {
      if (!placed.has(m.sourceId)) place(m, parentId, time, i);
    });
  }
  // Whatever a cycle in the file kept unreachable becomes a root of its own.
  source.messages.forEach((m, i) => {
    if (!placed.has(m.sourceId)) place(m, NO_PARENT, base, i);
  });

  let first = messages[0].created_at;
  let last = first;
  for (const m of messages) {
    if (m.created_at < first) first = m.created_at;
    if (m.created_at > last) last = m.created_at;
  }
  const title = source.title.trim().replace(/\s+/g, ' ').slice(0, TITLE_MAX) || DEFAULT_TITLE;
  const params = source.parameters && Object.keys(source.parameters).length > 0 ? source.parameters : null;
  return {
    conversation: newConversationRow({
      userId,
      conversationId,
      title,
      endpoint: source.endpoint,
      model: source.model,
      parameters: params,
      createdAt: source.createdAt ?? first,
      updatedAt: Math.max(source.updatedAt ?? last, last),
    }),
    messages,
  };
}

import type { Conversation } from '@parley/schema';
import { groupByDate } from '../../lib/date-groups.ts';

export type ConvoRow =
  | { kind: 'header'; key: string; label: string; first: boolean }
  | { kind: 'convo'; key: string; convo: Conversation };

/** Flatten conversations into date headers and rows for the virtual list (doc 1 §2 grouping). */
export function toConvoRows(conversations: readonly Conversation[], now: Date): ConvoRow[] {
  const seen = new Set<string>();
  const unique = conversations.filter((c) => {
    if (seen.has(c.conversationId)) return false;
    seen.add(c.conversationId);
    return true;
  });
  const rows: ConvoRow[] = [];
  groupByDate(unique, (c) => c.updatedAt, now).forEach(({ group, items }, i) => {
    rows.push({ kind: 'header', key: `h:${group.key}`, label: group.label, first: i === 0 });
    for (const convo of items) rows.push({ kind: 'convo', key: convo.conversationId, convo });
  });
  return rows;
}

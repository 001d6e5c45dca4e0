import type { ConversationTag } from '@parley/schema';
import type { TagRow } from '../db/repos/tags.ts';

export function presentTag(t: TagRow): ConversationTag {
  return {
    tag: t.tag,
    description: t.description,
    count: t.count,
    position: t.position,
    createdAt: t.created_at,
    updatedAt: t.updated_at,
  };
}

import type { PromptGroup } from '@parley/schema';
import type { UsablePrompt } from './filter.ts';

/** An API prompt group as the chat uses it: its production text, its command if any. */
export function toUsablePrompt(group: PromptGroup): UsablePrompt {
  return {
    groupId: group._id,
    name: group.name,
    command: group.command || null,
    oneliner: group.oneliner,
    category: group.category,
    text: group.productionPrompt?.prompt ?? '',
    authorId: group.author,
  };
}

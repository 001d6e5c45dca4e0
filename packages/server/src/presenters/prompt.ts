import { INSTANCE_PROJECT_ID, type Prompt, type PromptGroup } from '@parley/schema';
import type { PromptGroupView } from '../db/repos/prompts.ts';
import type { PromptsTable } from '../db/schema.ts';

/** A version as the API shows it (LibreChat's names). */
export function presentPrompt(p: PromptsTable): Prompt {
  return {
    _id: p.id,
    groupId: p.group_id,
    author: p.author_id,
    prompt: p.prompt,
    type: p.type === 'chat' ? 'chat' : 'text',
    createdAt: Number(p.created_at),
    updatedAt: Number(p.updated_at),
  };
}

/** A group as the API shows it; `canEdit` is the policy's answer for the signed-in user. */
export function presentPromptGroup(g: PromptGroupView, canEdit: boolean): PromptGroup {
  const isPublic = Number(g.is_public) === 1;
  return {
    _id: g.id,
    name: g.name,
    oneliner: g.oneliner,
    category: g.category,
    command: g.command,
    author: g.author_id,
    authorName: g.author_name,
    productionId: g.production_id,
    productionPrompt: g.production_text === null ? null : { prompt: g.production_text },
    numberOfGenerations: Number(g.number_of_generations),
    projectIds: isPublic ? [INSTANCE_PROJECT_ID] : [],
    isPublic,
    sharedWithMe: g.shared_with_me,
    canEdit,
    createdAt: Number(g.created_at),
    updatedAt: Number(g.updated_at),
  };
}

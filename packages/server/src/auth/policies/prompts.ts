import { type Actor, can, isAdmin } from './policy.ts';

/**
 * Prompt library rules (doc 2 §6). The prompts routes do not exist yet: they will call
 * `authorize(promptsPolicy.canX(actor, …))` so the checks live in one tested place.
 */
export const promptsPolicy = {
  /** List and page access. */
  canUse: (a: Actor) => can(a, 'PROMPTS', 'USE'),
  /** The Create button and the new-prompt page; creating needs use too. */
  canCreate: (a: Actor) => can(a, 'PROMPTS', 'USE') && can(a, 'PROMPTS', 'CREATE'),
  /** Sharing a group with all users. */
  canShareGlobal: (a: Actor) => can(a, 'PROMPTS', 'USE') && can(a, 'PROMPTS', 'SHARED_GLOBAL'),
  /** Rename, delete and edit a group: its author, or an admin. */
  canEdit: (a: Actor, group: { authorId: string }) =>
    can(a, 'PROMPTS', 'USE') && (group.authorId === a.id || isAdmin(a)),
};

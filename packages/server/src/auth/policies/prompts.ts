import { type Actor, can, isAdmin, type PolicyResult } from './policy.ts';

/** What the rules read of a group: its author, and whether everyone or this actor was given it. */
export interface PromptGroupAccess {
  authorId: string;
  isPublic: boolean;
  /** Shared with the actor by name (chosen users). */
  sharedWithActor: boolean;
}

/**
 * Prompt library rules (doc 2 §6). The prompts routes (routes/prompts.ts) call
 * `authorize(promptsPolicy.canX(actor, …))` so the checks live in one tested place.
 */
export const promptsPolicy = {
  /** List and page access. */
  canUse: (a: Actor) => can(a, 'PROMPTS', 'USE'),
  /** The Create button and the new-prompt page; creating needs use too. */
  canCreate: (a: Actor) => can(a, 'PROMPTS', 'USE') && can(a, 'PROMPTS', 'CREATE'),
  /** Sharing a group with all users. */
  canShareGlobal: (a: Actor) => can(a, 'PROMPTS', 'USE') && can(a, 'PROMPTS', 'SHARED_GLOBAL'),
  /**
   * Read a group (by id, its versions, its use): its author, anyone when shared with everyone, the
   * chosen users, and admins. A refusal is the group's 404, so a private group's id reveals nothing.
   */
  canView: (a: Actor, group: PromptGroupAccess): PolicyResult =>
    (can(a, 'PROMPTS', 'USE') &&
      (group.authorId === a.id || group.isPublic || group.sharedWithActor || isAdmin(a))) ||
    'prompt_group_not_found',
  /** Rename, delete and edit a group: its author, or an admin. */
  canEdit: (a: Actor, group: { authorId: string }) =>
    can(a, 'PROMPTS', 'USE') && (group.authorId === a.id || isAdmin(a)),
};

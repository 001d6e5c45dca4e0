import { type Actor, can, isAdmin } from './policy.ts';

/**
 * Agent rules (doc 3 §6). The agents routes do not exist yet: they will call
 * `authorize(agentsPolicy.canX(actor, …))` so the checks live in one tested place.
 */
export const agentsPolicy = {
  /** The agents endpoint and the agent list. */
  canUse: (a: Actor) => can(a, 'AGENTS', 'USE'),
  /** The agent builder needs use and create. */
  canCreate: (a: Actor) => can(a, 'AGENTS', 'USE') && can(a, 'AGENTS', 'CREATE'),
  /** Sharing an agent: its author, or an admin who also holds shared-global. */
  canShare: (a: Actor, agent: { authorId: string }) =>
    can(a, 'AGENTS', 'USE') && (agent.authorId === a.id || (isAdmin(a) && can(a, 'AGENTS', 'SHARED_GLOBAL'))),
  /** Duplicating is offered to the author only. */
  canDuplicate: (a: Actor, agent: { authorId: string }) => can(a, 'AGENTS', 'USE') && agent.authorId === a.id,
};

import { type Actor, can, isAdmin, type PolicyResult } from './policy.ts';

/** What the agent rules read of an agent. */
export interface AgentAccess {
  authorId: string;
  /** Shared with all users (the instance project). */
  isPublic: boolean;
  isCollaborative: boolean;
}

/** The rule fields of an agents row. */
export const agentAccess = (row: {
  author_id: string;
  is_public: number;
  is_collaborative: number;
}): AgentAccess => ({
  authorId: row.author_id,
  isPublic: row.is_public === 1,
  isCollaborative: row.is_collaborative === 1,
});

const isAuthor = (a: Actor, agent: { authorId: string }) => agent.authorId === a.id;

/**
 * Agent rules (doc 3 §4, §6). Every agents route calls `authorize(agentsPolicy.canX(actor, …))`.
 * An agent the user may not see answers as an unknown one (404 agent_not_found), so ids of private
 * agents cannot be probed; one they see but may not change answers 403.
 */
export const agentsPolicy = {
  /** The agents endpoint and the agent list. */
  canUse: (a: Actor) => can(a, 'AGENTS', 'USE'),
  /** The agent builder needs use and create. */
  canCreate: (a: Actor) => can(a, 'AGENTS', 'USE') && can(a, 'AGENTS', 'CREATE'),
  /** Its author, everyone when shared with all users, and admins. */
  canView: (a: Actor, agent: AgentAccess): PolicyResult =>
    (can(a, 'AGENTS', 'USE') && (isAuthor(a, agent) || agent.isPublic || isAdmin(a))) || 'agent_not_found',
  /**
   * doc 3 §4: editable when collaborative (which needs it shared), or by its author or an admin.
   * Changing an agent is building one: create is needed too.
   */
  canEdit: (a: Actor, agent: AgentAccess): PolicyResult => {
    const seen = agentsPolicy.canView(a, agent);
    if (seen !== true) return seen;
    if (!agentsPolicy.canCreate(a)) return false;
    return isAuthor(a, agent) || isAdmin(a) || (agent.isPublic && agent.isCollaborative);
  },
  /** The delete button shows for any chosen agent, but only its author or an admin may delete it. */
  canDelete: (a: Actor, agent: AgentAccess): PolicyResult => {
    const seen = agentsPolicy.canView(a, agent);
    if (seen !== true) return seen;
    return agentsPolicy.canCreate(a) && (isAuthor(a, agent) || isAdmin(a));
  },
  /** Sharing an agent: its author, or an admin who also holds shared-global. */
  canShare: (a: Actor, agent: { authorId: string }) =>
    can(a, 'AGENTS', 'USE') && (agent.authorId === a.id || (isAdmin(a) && can(a, 'AGENTS', 'SHARED_GLOBAL'))),
  /** Duplicating is offered to the author only. */
  canDuplicate: (a: Actor, agent: { authorId: string }) => can(a, 'AGENTS', 'USE') && agent.authorId === a.id,
  /** Featuring an agent in the gallery is an admin's call. */
  canSetPromoted: (a: Actor) => can(a, 'AGENTS', 'USE') && isAdmin(a),
  /** Runs, tokens and cost of an agent: its author, or an admin. */
  canViewUsage: (a: Actor, agent: AgentAccess): PolicyResult => {
    const seen = agentsPolicy.canView(a, agent);
    if (seen !== true) return seen;
    return isAuthor(a, agent) || isAdmin(a);
  },
};

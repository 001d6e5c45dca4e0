import {
  type Agent,
  AgentAvatar,
  AgentCreateBody,
  type AgentVersion,
  INSTANCE_PROJECT_ID,
} from '@parley/schema';
import { type AgentWithAuthor, agentSettings } from '../db/repos/agents.ts';
import type { AgentVersionsTable } from '../db/schema.ts';

function avatarOf(raw: string | null): Agent['avatar'] {
  if (!raw) return null;
  const parsed = AgentAvatar.safeParse(JSON.parse(raw));
  return parsed.success ? parsed.data : null;
}

/**
 * An agent as the API returns it. `full` is for those who may edit it; others (a shared agent's
 * users) get what choosing and running it needs, without its instructions, parameters and files
 * (LibreChat answers them the same way).
 */
export function presentAgent(row: AgentWithAuthor, full: boolean): Agent {
  const settings = agentSettings(row);
  return {
    id: row.id,
    ...settings,
    name: settings.name ?? null,
    description: settings.description ?? null,
    instructions: full ? (settings.instructions ?? null) : null,
    model_parameters: full ? settings.model_parameters : {},
    tool_resources: full ? settings.tool_resources : {},
    recursion_limit: settings.recursion_limit ?? null,
    avatar: avatarOf(row.avatar),
    author: row.author_id,
    authorName: row.author_name,
    projectIds: row.is_public === 1 ? [INSTANCE_PROJECT_ID] : [],
    isCollaborative: row.is_collaborative === 1,
    is_promoted: row.is_promoted === 1,
    version: row.version,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function presentAgentVersion(v: AgentVersionsTable): AgentVersion {
  return {
    version: v.version,
    updatedAt: Number(v.created_at),
    updatedBy: v.updated_by,
    agent: AgentCreateBody.parse(JSON.parse(v.snapshot)),
  };
}

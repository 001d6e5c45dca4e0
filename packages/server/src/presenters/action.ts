import type { Action, ActionAuth, ActionFunction } from '@parley/schema';
import type { ActionsTable } from '../db/schema.ts';

/** What the presenter reads of the stored JSON (actions/stored.ts writes it; secrets stay sealed there). */
interface StoredShape {
  raw_spec: string;
  domain: string;
  privacy_policy_url?: string;
  auth: ActionAuth;
  api_key?: string;
  oauth_client_id?: string;
  oauth_client_secret?: string;
}

/** The API's action: no secret, sealed or not; which ones are stored, as booleans. */
export function presentAction(row: ActionsTable): Action {
  const m = JSON.parse(row.metadata) as StoredShape;
  const functions = JSON.parse(row.functions) as ActionFunction[];
  return {
    action_id: row.id,
    agent_id: row.agent_id,
    user: row.user_id,
    type: 'action_prototype',
    metadata: {
      raw_spec: m.raw_spec,
      domain: m.domain,
      ...(m.privacy_policy_url ? { privacy_policy_url: m.privacy_policy_url } : {}),
      auth: m.auth,
      api_key_set: Boolean(m.api_key),
      oauth_client_id_set: Boolean(m.oauth_client_id),
      oauth_client_secret_set: Boolean(m.oauth_client_secret),
    },
    // Only the listed fields: the stored functions also hold their request plans.
    functions: functions.map(({ name, description, method, path, domain, tool }) => ({
      name,
      description,
      method,
      path,
      domain,
      tool,
    })),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

import type { Action } from '@parley/schema';
import { storedFunctions, storedMetadata } from '../actions/stored.ts';
import { publicFunction } from '../actions/to-functions.ts';
import type { ActionsTable } from '../db/schema.ts';

/** The API's action: no secret, sealed or not; which ones are stored, as booleans. */
export function presentAction(row: ActionsTable): Action {
  const m = storedMetadata(row);
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
    functions: storedFunctions(row).map(publicFunction),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

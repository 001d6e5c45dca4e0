import type { ActionAuth } from '@parley/schema';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { ActionsTable } from '../db/schema.ts';
import type { StoredFunction } from './to-functions.ts';

/** An action's metadata as stored: the secrets sealed, the parsed server URL kept for calls. */
export interface StoredActionMetadata {
  raw_spec: string;
  domain: string;
  /** servers[0].url of the spec, variables filled in, no trailing slash. */
  server_url: string;
  privacy_policy_url?: string;
  auth: ActionAuth;
  /** Sealed with the secret box (crypto/secret-box.ts). */
  api_key?: string;
  oauth_client_id?: string;
  oauth_client_secret?: string;
}

/** The secrets of an action, opened for one call. Never logged, never returned. */
export interface ActionSecrets {
  apiKey: string;
  clientId: string;
  clientSecret: string;
}

export const SECRET_FIELDS = ['api_key', 'oauth_client_id', 'oauth_client_secret'] as const;

export const storedMetadata = (row: ActionsTable): StoredActionMetadata => JSON.parse(row.metadata);
export const storedFunctions = (row: ActionsTable): StoredFunction[] => JSON.parse(row.functions);

export function openSecrets(box: SecretBox, m: StoredActionMetadata): ActionSecrets {
  const open = (v: string | undefined) => (v ? box.open(v) : '');
  return {
    apiKey: open(m.api_key),
    clientId: open(m.oauth_client_id),
    clientSecret: open(m.oauth_client_secret),
  };
}

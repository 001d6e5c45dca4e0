import { z } from 'zod';
import { KEY_VALUE_MAX } from './constants.ts';

/** An endpoint's name, as the key routes take it. */
const keyName = z.string().min(1).max(128);

/** PUT /api/keys: `value` is one JSON string for bundles (apiKey + baseURL, Azure, Google). */
export const UpdateKeyBody = z.object({
  name: keyName,
  value: z.string().min(1).max(KEY_VALUE_MAX),
  expiresAt: z.number().int().positive().nullable(),
});
export type UpdateKeyBody = z.infer<typeof UpdateKeyBody>;

/** GET /api/keys?name= — when the stored key expires (null: never), or 404 when none. */
export const KeyExpiry = z.object({ expiresAt: z.number().nullable() });
export type KeyExpiry = z.infer<typeof KeyExpiry>;

/** GET /api/keys?name= */
export const KeyQuery = z.object({ name: keyName });
/** DELETE /api/keys/:name */
export const KeyParams = z.object({ name: keyName });
/** DELETE /api/keys?all=true revokes every stored key (Settings → Data controls). */
export const RevokeAllKeysQuery = z.object({ all: z.literal('true') });

/** The JSON inside a stored value, per endpoint kind. */
export interface UserKeyValue {
  apiKey?: string;
  baseURL?: string;
  azureOpenAIApiKey?: string;
  azureOpenAIApiInstanceName?: string;
  azureOpenAIApiDeploymentName?: string;
  azureOpenAIApiVersion?: string;
  GOOGLE_SERVICE_KEY?: Record<string, string>;
  GOOGLE_API_KEY?: string;
}

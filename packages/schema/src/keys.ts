import { z } from 'zod';

/** The value stored for `apiKey` in an Azure bundle: the real key travels in the JSON (doc 3 §5). */
export const AZURE_PLACEHOLDER_KEY = 'n/a';

/** Key expiry choices (doc 1 §9, doc 3 §9); `null` means never. 12 hours is the default. */
export const KEY_EXPIRY_CHOICES = [
  { id: '30m', ms: 30 * 60 * 1000 },
  { id: '2h', ms: 2 * 60 * 60 * 1000 },
  { id: '12h', ms: 12 * 60 * 60 * 1000 },
  { id: '1d', ms: 24 * 60 * 60 * 1000 },
  { id: '7d', ms: 7 * 24 * 60 * 60 * 1000 },
  { id: '30d', ms: 30 * 24 * 60 * 60 * 1000 },
  { id: 'never', ms: null },
] as const;
export const DEFAULT_KEY_EXPIRY = '12h';

/** Longest accepted key value: a Google service-account JSON is a few KB. */
export const KEY_VALUE_MAX = 20_000;

/** PUT /api/keys: `value` is one JSON string for bundles (apiKey + baseURL, Azure, Google). */
export const UpdateKeyBody = z.object({
  name: z.string().min(1).max(128),
  value: z.string().min(1).max(KEY_VALUE_MAX),
  expiresAt: z.number().int().positive().nullable(),
});
export type UpdateKeyBody = z.infer<typeof UpdateKeyBody>;

/** GET /api/keys?name= — when the stored key expires (null: never), or 404 when none. */
export const KeyExpiry = z.object({ expiresAt: z.number().nullable() });
export type KeyExpiry = z.infer<typeof KeyExpiry>;

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

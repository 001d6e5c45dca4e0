import type { SecretBox } from '../crypto/secret-box.ts';
import type { KeysRepo } from '../db/repos/keys.ts';

/**
 * The keys a user gave a tool (POST /api/user/plugins): one JSON object of {FIELD: value}, sealed
 * with the secret box in `user_keys` under `tool:<pluginKey>` (never an endpoint's name: those have
 * no colon), so "revoke all keys" removes them too.
 */
export const toolKeyName = (pluginKey: string) => `tool:${pluginKey}`;

export function toolKeys(deps: { keys: KeysRepo; box: SecretBox }) {
  return {
    /** The user's values for the tool ({} when none, or when they cannot be read any more). */
    async get(userId: string, pluginKey: string): Promise<Record<string, string>> {
      const row = await deps.keys.get(userId, toolKeyName(pluginKey));
      if (!row) return {};
      try {
        const value = JSON.parse(deps.box.open(row.value)) as unknown;
        if (!value || typeof value !== 'object') return {};
        return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string'));
      } catch {
        // Sealed with another CREDS_KEY: as if never given (the user is asked again).
        return {};
      }
    },
    async put(userId: string, pluginKey: string, values: Record<string, string>): Promise<void> {
      await deps.keys.put(userId, toolKeyName(pluginKey), deps.box.seal(JSON.stringify(values)), null);
    },
    /** True when there were stored values. */
    remove(userId: string, pluginKey: string): Promise<boolean> {
      return deps.keys.remove(userId, toolKeyName(pluginKey));
    },
  };
}
export type ToolKeys = ReturnType<typeof toolKeys>;

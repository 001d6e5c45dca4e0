import { z } from 'zod';

/**
 * Tool auth (doc 2 §3.11, §5.6; LibreChat's routes): the keys a tool needs that the server does not
 * hold are given by each user, stored sealed per user, and can be removed again.
 */

/** GET /api/agents/tools/:toolId/auth `message`: whose keys the tool runs with. */
export const ToolAuthType = { USER_PROVIDED: 'user_provided', SYSTEM_DEFINED: 'system_defined' } as const;

export const ToolAuthParams = z.object({ toolId: z.string().min(1).max(128) });
export type ToolAuthParams = z.infer<typeof ToolAuthParams>;

export const ToolAuthStatus = z.object({
  /** Every key the tool needs is there (the server's or the user's). */
  authenticated: z.boolean(),
  message: z.enum([ToolAuthType.USER_PROVIDED, ToolAuthType.SYSTEM_DEFINED]),
  /**
   * Why the tool cannot be used on this server, when the server is the reason (ours; execute_code
   * without a sandbox engine names the executor's reason). Absent when it can run.
   */
  reason: z.string().optional(),
});
export type ToolAuthStatus = z.infer<typeof ToolAuthStatus>;

/** POST /api/user/plugins: install stores `auth` (every field of the tool's authConfig), uninstall removes it. */
export const UpdateUserPluginsBody = z.object({
  pluginKey: z.string().min(1).max(128),
  action: z.enum(['install', 'uninstall']),
  auth: z.record(z.string().max(128), z.string().max(4096)).optional(),
  /** LibreChat sends it for agents' tools; it changes nothing here. */
  isEntityTool: z.boolean().optional(),
});
export type UpdateUserPluginsBody = z.infer<typeof UpdateUserPluginsBody>;

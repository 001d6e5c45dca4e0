import {
  type AvailableTool,
  MCP_PLUGIN_PREFIX,
  ToolAuthParams,
  ToolAuthStatus,
  ToolAuthType,
  UpdateUserPluginsBody,
} from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { mcpAuthTool } from '../mcp/auth-tool.ts';
import type { Services } from '../services.ts';

/**
 * Tool auth (doc 2 §3.11, §5.6) on LibreChat's routes: whether the user has the keys a tool needs,
 * and POST /api/user/plugins to store ({action: 'install', auth}) or remove ('uninstall') them.
 * Values are sealed per user (tools/tool-keys.ts) and never returned.
 */
export const toolAuthRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  /**
   * A tool the registry offers this user (capability-gated, as the builder lists them), or an MCP
   * server's customUserVars (`mcp_<server>`).
   */
  async function findTool(userId: string, toolId: string): Promise<AvailableTool | null> {
    const tool = (await ctx.tools.available(userId)).find((t) => t.pluginKey === toolId);
    return tool ?? (await mcpAuthTool(ctx.mcp, userId, toolId));
  }

  /** The user's connection to an MCP server was opened with the old values: close it. */
  const valuesChanged = (userId: string, pluginKey: string) =>
    pluginKey.startsWith(MCP_PLUGIN_PREFIX)
      ? ctx.mcp.forget(userId, pluginKey.slice(MCP_PLUGIN_PREFIX.length))
      : undefined;

  app.get(
    '/agents/tools/:toolId/auth',
    { schema: { params: ToolAuthParams, response: { 200: ToolAuthStatus } } },
    async (req) => {
      const tool = await findTool(req.user.id, req.params.toolId);
      if (!tool) throw new AppError('not_found', 'Tool not found.');
      return {
        authenticated: tool.authenticated ?? true,
        message: tool.authConfig?.length ? ToolAuthType.USER_PROVIDED : ToolAuthType.SYSTEM_DEFINED,
        // execute_code without a sandbox engine: why, for the user and the operator.
        ...(tool.unavailableReason ? { reason: tool.unavailableReason } : {}),
      };
    },
  );

  app.post('/user/plugins', { schema: { body: UpdateUserPluginsBody } }, async (req, reply) => {
    const { pluginKey, action, auth = {} } = req.body;
    if (action === 'uninstall') {
      await ctx.toolKeys.remove(req.user.id, pluginKey);
      // An MCP server's uninstall also signs the user out of it (LibreChat revokes its OAuth tokens too).
      if (pluginKey.startsWith(MCP_PLUGIN_PREFIX))
        await ctx.mcp.revokeOAuth(req.user.id, pluginKey.slice(MCP_PLUGIN_PREFIX.length));
      return reply.status(204).send();
    }
    const tool = await findTool(req.user.id, pluginKey);
    if (!tool) throw new AppError('not_found', 'Tool not found.');
    const fields = tool.authConfig ?? [];
    if (fields.length === 0)
      throw new AppError('validation', 'This tool takes no user-provided keys.', 'pluginKey');
    // A field left blank keeps the value already stored ("change my values" sends only the new ones).
    const stored = await ctx.toolKeys.get(req.user.id, pluginKey);
    const values: Record<string, string> = {};
    for (const f of fields) {
      const value = auth[f.authField]?.trim() || stored[f.authField] || '';
      if (!value) throw new AppError('validation', `${f.label} is required.`, f.authField);
      // LibreChat's URL fields end in _URL; where they point is checked again before each call.
      if (f.authField.endsWith('_URL') && !/^https?:\/\/[^\s]+$/i.test(value))
        throw new AppError('validation', `${f.label} must be an http or https URL.`, f.authField);
      values[f.authField] = value;
    }
    await ctx.toolKeys.put(req.user.id, pluginKey, values);
    await valuesChanged(req.user.id, pluginKey);
    return reply.status(204).send();
  });
};

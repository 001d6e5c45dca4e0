import {
  McpAuthValuesResponse,
  McpConnectionStatusResponse,
  McpCreateServerBody,
  McpOAuthCallbackQuery,
  McpOAuthCancelResponse,
  McpOAuthFlowParams,
  McpOAuthInitiateResponse,
  McpOAuthStatusResponse,
  McpOAuthTokensResponse,
  McpPromptsResponse,
  McpReinitializeResponse,
  McpServerConnectionStatusResponse,
  type McpServerInfo,
  McpServerInfo as McpServerInfoSchema,
  McpServerParams,
  McpServersList,
  McpToolsResponse,
  McpUpdateServerBody,
  mcpToolKey,
} from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpPolicy } from '../auth/policies/mcp.ts';
import { authorize, loadActor } from '../auth/policies/policy.ts';
import { setBindCookie } from '../auth/sign-in-bind.ts';
import { AppError } from '../errors.ts';
import {
  MCP_BIND_COOKIE,
  MCP_BIND_TTL_MS,
  mcpBindValue,
  oauthFlowId,
  ownFlowServer,
  readMcpBind,
} from '../mcp/oauth.ts';
import { type McpServerDef, neededVars } from '../mcp/servers.ts';
import type { Services } from '../services.ts';

/**
 * MCP servers on LibreChat's `/api/mcp` routes (issue 16): tools, servers with this user's
 * connection state, reinitialize, which customUserVars are set (never their values), prompts, and
 * users' own remote servers (MCP_SERVERS CREATE). Every answer is for the signed-in user only.
 */
export const mcpRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  app.addHook('preHandler', async (req) =>
    authorize(mcpPolicy.canUse(await loadActor(ctx.repos.roles, req.user))),
  );

  async function find(userId: string, name: string): Promise<McpServerDef> {
    const def = await ctx.mcp.server(userId, name);
    if (!def) throw new AppError('mcp_server_not_found');
    return def;
  }

  async function present(userId: string, def: McpServerDef): Promise<McpServerInfo> {
    const status = await ctx.mcp.status(userId, def);
    return {
      serverName: def.name,
      source: def.source,
      type: def.type,
      title: def.title,
      description: def.description,
      iconPath: def.iconPath,
      chatMenu: def.chatMenu,
      // Only a user's own server shows its URL: an app-wide one may carry keys in it.
      url: def.source === 'user' ? def.url : undefined,
      headerNames: def.headers ? Object.keys(def.headers) : undefined,
      customUserVars: def.customUserVars,
      requiresOAuth: def.requiresOAuth,
      hasInstructions: Boolean(def.serverInstructions),
      timeout: def.timeout,
      initTimeout: def.initTimeout,
      connectionState: status.state,
      error: status.error,
      createdAt: def.createdAt,
      updatedAt: def.updatedAt,
    };
  }

  app.get('/tools', { schema: { response: { 200: McpToolsResponse } } }, async (req) => {
    const userId = req.user.id;
    const servers: McpToolsResponse['servers'] = {};
    for (const { def, tools } of await ctx.mcp.cachedTools(userId)) {
      const missing = await ctx.mcp.missingVars(userId, def);
      const status = await ctx.mcp.status(userId, def);
      // A per-user server whose values are set connects in the background for the next look.
      if (def.perUser && missing.length === 0 && status.state === 'disconnected')
        void ctx.mcp.connectionFor(userId, def).then((c) => c?.connect().catch(() => {}));
      servers[def.name] = {
        name: def.title ?? def.name,
        icon: def.iconPath,
        authenticated: missing.length === 0 && status.state !== 'requires_oauth',
        authConfig: neededVars(def).map((v) => ({
          authField: v,
          label: def.customUserVars?.[v]?.title ?? v,
          description: def.customUserVars?.[v]?.description ?? '',
        })),
        connectionState: status.state,
        requiresOAuth: def.requiresOAuth,
        tools: tools.map((t) => ({
          name: t.name,
          pluginKey: mcpToolKey(t.name, def.name),
          description: t.description,
        })),
      };
    }
    return { servers };
  });

  app.get('/servers', { schema: { response: { 200: McpServersList } } }, async (req) => {
    const out: Record<string, McpServerInfo> = {};
    for (const def of await ctx.mcp.servers(req.user.id)) out[def.name] = await present(req.user.id, def);
    return out;
  });

  app.get(
    '/servers/:serverName',
    { schema: { params: McpServerParams, response: { 200: McpServerInfoSchema } } },
    async (req) => present(req.user.id, await find(req.user.id, req.params.serverName)),
  );

  app.post(
    '/servers',
    { schema: { body: McpCreateServerBody, response: { 201: McpServerInfoSchema } } },
    async (req, reply) => {
      authorize(mcpPolicy.canCreate(await loadActor(ctx.repos.roles, req.user)));
      const { serverName, config } = req.body;
      if (await ctx.mcp.server(req.user.id, serverName)) throw new AppError('mcp_server_exists');
      await ctx.repos.mcpServers.create(req.user.id, serverName, ctx.box.seal(JSON.stringify(config)));
      reply.status(201);
      return present(req.user.id, await find(req.user.id, serverName));
    },
  );

  app.patch(
    '/servers/:serverName',
    {
      schema: { params: McpServerParams, body: McpUpdateServerBody, response: { 200: McpServerInfoSchema } },
    },
    async (req) => {
      authorize(mcpPolicy.canCreate(await loadActor(ctx.repos.roles, req.user)));
      const name = req.params.serverName;
      const sealed = ctx.box.seal(JSON.stringify(req.body.config));
      if (ctx.mcp.isAppServer(name) || !(await ctx.repos.mcpServers.update(req.user.id, name, sealed)))
        throw new AppError('mcp_server_not_found');
      await ctx.mcp.forget(req.user.id, name);
      return present(req.user.id, await find(req.user.id, name));
    },
  );

  app.delete('/servers/:serverName', { schema: { params: McpServerParams } }, async (req, reply) => {
    authorize(mcpPolicy.canCreate(await loadActor(ctx.repos.roles, req.user)));
    const name = req.params.serverName;
    if (ctx.mcp.isAppServer(name) || !(await ctx.repos.mcpServers.remove(req.user.id, name)))
      throw new AppError('mcp_server_not_found');
    await ctx.mcp.forget(req.user.id, name);
    return reply.status(204).send();
  });

  app.post(
    '/:serverName/reinitialize',
    { schema: { params: McpServerParams, response: { 200: McpReinitializeResponse } } },
    async (req) => {
      const def = await find(req.user.id, req.params.serverName);
      const missing = await ctx.mcp.missingVars(req.user.id, def);
      if (missing.length > 0)
        throw new AppError(
          'validation',
          `Set ${missing.join(', ')} for ${def.name} first.`,
          'customUserVars',
        );
      await ctx.mcp.reinitialize(req.user.id, def);
      const status = await ctx.mcp.status(req.user.id, def);
      return {
        success: status.state === 'connected',
        message:
          status.state === 'connected'
            ? `MCP server '${def.name}' reinitialized.`
            : `MCP server '${def.name}' could not connect: ${status.error ?? status.state}`,
        serverName: def.name,
        connectionState: status.state,
        oauthRequired: status.state === 'requires_oauth',
      };
    },
  );

  app.get(
    '/connection/status',
    { schema: { response: { 200: McpConnectionStatusResponse } } },
    async (req) => {
      const connectionStatus: McpConnectionStatusResponse['connectionStatus'] = {};
      for (const def of await ctx.mcp.servers(req.user.id)) {
        const s = await ctx.mcp.status(req.user.id, def);
        connectionStatus[def.name] = {
          requiresOAuth: def.requiresOAuth,
          connectionState: s.state,
          error: s.error,
        };
      }
      return { success: true, connectionStatus };
    },
  );

  app.get(
    '/connection/status/:serverName',
    { schema: { params: McpServerParams, response: { 200: McpServerConnectionStatusResponse } } },
    async (req) => {
      const def = await find(req.user.id, req.params.serverName);
      const s = await ctx.mcp.status(req.user.id, def);
      return {
        success: true,
        serverName: def.name,
        requiresOAuth: def.requiresOAuth,
        connectionState: s.state,
        error: s.error,
      };
    },
  );

  app.get(
    '/:serverName/auth-values',
    { schema: { params: McpServerParams, response: { 200: McpAuthValuesResponse } } },
    async (req) => {
      const def = await find(req.user.id, req.params.serverName);
      return {
        success: true,
        serverName: def.name,
        authValueFlags: await ctx.mcp.authValueFlags(req.user.id, def),
      };
    },
  );

  app.get(
    '/:serverName/oauth/initiate',
    { schema: { params: McpServerParams, response: { 200: McpOAuthInitiateResponse } } },
    async (req) => {
      const def = await find(req.user.id, req.params.serverName);
      if (!def.requiresOAuth)
        throw new AppError('validation', `${def.name} does not use sign-in.`, 'serverName');
      try {
        const url = await ctx.mcp.oauthInitiate(req.user.id, def);
        return {
          success: true,
          serverName: def.name,
          flowId: oauthFlowId(req.user.id, def.name),
          ...(url ? { authorizationUrl: url } : {}),
        };
      } catch (err) {
        req.log.warn({ server: def.name, err: String(err) }, 'mcp oauth could not start');
        throw new AppError(
          'validation',
          `Sign-in to ${def.name} could not start: ${String((err as Error).message ?? err).slice(0, 200)}`,
          'serverName',
        );
      }
    },
  );

  /** The server a flow id names, when the flow is the signed-in user's (LibreChat: `<userId>:<server>`). */
  async function ownFlow(userId: string, flowId: string) {
    const name = ownFlowServer(userId, flowId);
    const def = name ? await ctx.mcp.server(userId, name) : null;
    const flow = def ? await ctx.mcp.oauthFlow(userId, def) : null;
    return { name, flow };
  }

  app.get(
    '/oauth/status/:flowId',
    { schema: { params: McpOAuthFlowParams, response: { 200: McpOAuthStatusResponse } } },
    async (req) => {
      // Another user's flow is answered as one that does not exist.
      const { flow } = await ownFlow(req.user.id, req.params.flowId);
      if (!flow) throw new AppError('not_found', 'Flow not found.');
      return {
        status: flow.status,
        completed: flow.status === 'COMPLETED',
        failed: flow.status === 'FAILED',
        ...(flow.error ? { error: flow.error } : {}),
      };
    },
  );

  app.get(
    '/oauth/tokens/:flowId',
    { schema: { params: McpOAuthFlowParams, response: { 200: McpOAuthTokensResponse } } },
    async (req) => {
      const { name, flow } = await ownFlow(req.user.id, req.params.flowId);
      if (!name) throw new AppError('forbidden', 'Access denied.');
      if (!flow) throw new AppError('not_found', 'Flow not found.');
      if (flow.status !== 'COMPLETED' || !flow.tokens)
        throw new AppError('validation', 'Flow not completed.', 'flowId');
      // What the tokens are, never the tokens: they are used on the server only.
      return { tokens: flow.tokens };
    },
  );

  app.post('/:serverName/oauth/bind', { schema: { params: McpServerParams } }, async (req, reply) => {
    const def = await find(req.user.id, req.params.serverName);
    if (!def.requiresOAuth)
      throw new AppError('validation', `${def.name} does not use sign-in.`, 'serverName');
    setBindCookie(reply, {
      name: MCP_BIND_COOKIE,
      value: mcpBindValue(ctx.box, req.user.id, def.name),
      path: `/api/mcp/${encodeURIComponent(def.name)}/oauth`,
      secure: ctx.cookie.secure,
      ttlMs: MCP_BIND_TTL_MS,
    });
    return reply.status(204).send();
  });

  app.post(
    '/oauth/cancel/:serverName',
    { schema: { params: McpServerParams, response: { 200: McpOAuthCancelResponse } } },
    async (req) => {
      const def = await find(req.user.id, req.params.serverName);
      const cancelled = await ctx.mcp.oauthCancel(req.user.id, def);
      return {
        success: true,
        message: cancelled
          ? `OAuth flow for ${def.name} cancelled successfully`
          : 'No active OAuth flow to cancel',
      };
    },
  );

  app.get(
    '/:serverName/prompts',
    { schema: { params: McpServerParams, response: { 200: McpPromptsResponse } } },
    async (req) => {
      const def = await find(req.user.id, req.params.serverName);
      const conn = await ctx.mcp.connectionFor(req.user.id, def);
      if (!conn) return { prompts: [] };
      try {
        const prompts = await conn.listPrompts();
        return {
          prompts: prompts.map((p) => ({
            name: p.name,
            description: p.description,
            arguments: p.arguments?.map((a) => ({
              name: a.name,
              description: a.description,
              required: a.required,
            })),
          })),
        };
      } catch {
        // Down or refusing: no prompts, as for a server without any.
        return { prompts: [] };
      }
    },
  );
};

const page = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><p>${text}</p><script>setTimeout(()=>window.close(),1500)</script>`;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * GET /api/mcp/:serverName/oauth/callback, where the authorization server sends the browser: no
 * signed-in user here; the signed `state` names them. Answers a small page (the sign-in window
 * closes itself), never the tokens.
 */
export const mcpOAuthCallbackRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  app.get(
    '/:serverName/oauth/callback',
    { schema: { params: McpServerParams, querystring: McpOAuthCallbackQuery } },
    async (req, reply) => {
      const { code, state, error } = req.query;
      const name = escapeHtml(req.params.serverName);
      reply.type('text/html; charset=utf-8');
      if (error || !code || !state)
        return reply.status(400).send(page('Sign-in failed', `Sign-in to ${name} was not completed.`));
      try {
        const bound = readMcpBind(ctx.box, req.cookies[MCP_BIND_COOKIE], req.params.serverName);
        const done = await ctx.mcp.oauthCallback(state, code, bound);
        if (!done || done.server !== req.params.serverName)
          return reply.status(400).send(page('Sign-in failed', 'This sign-in link is not valid any more.'));
        reply.clearCookie(MCP_BIND_COOKIE, { path: `/api/mcp/${encodeURIComponent(done.server)}/oauth` });
        return page('Signed in', `Signed in to ${name}. You can close this window.`);
      } catch (err) {
        req.log.warn({ server: req.params.serverName, err: String(err) }, 'mcp oauth callback failed');
        return reply.status(400).send(page('Sign-in failed', `Sign-in to ${name} failed.`));
      }
    },
  );
};

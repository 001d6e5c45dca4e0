import {
  ActionAgentParams,
  ActionDeleteParams,
  ActionIdParams,
  ActionList,
  ActionOAuthCallbackQuery,
  ActionUpdateBody,
  ActionValidateBody,
  ActionValidateResult,
  MessageResult,
} from '@parley/schema';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTION_BIND_TTL_MS,
  BIND_COOKIE,
  bindValue,
  exchangeCode,
  readBind,
  readState,
} from '../actions/oauth.ts';
import { parseSpec } from '../actions/parse-spec.ts';
import { type ActionDeps, deleteAction, saveAction } from '../actions/save-action.ts';
import { openSecrets, storedMetadata } from '../actions/stored.ts';
import { publicFunction } from '../actions/to-functions.ts';
import { loadAgent } from '../agents/load-agent.ts';
import { agentAccess, agentsPolicy } from '../auth/policies/agents.ts';
import { authorize, loadActor } from '../auth/policies/policy.ts';
import { setBindCookie } from '../auth/sign-in-bind.ts';
import { AppError } from '../errors.ts';
import { presentAction } from '../presenters/action.ts';
import { presentAgent } from '../presenters/agent.ts';
import type { Services } from '../services.ts';

/** GET /api/agents/actions lists at most this many (an agent holds at most 20). */
const ACTIONS_LISTED = 500;

const specOptions = (ctx: Services) => ({
  allowedPrivateHosts: ctx.allowedPrivateHosts,
  allowedDomains: ctx.yaml.actions?.allowedDomains,
});

const actionDeps = (ctx: Services): ActionDeps => ({
  db: ctx.db,
  catalog: ctx.catalog,
  agentsConfig: ctx.agentsConfig,
  agents: ctx.repos.agents,
  actions: ctx.repos.actions,
  box: ctx.box,
  spec: specOptions(ctx),
});

/**
 * /api/agents/actions (issue 16; LibreChat's routes): list, add or update (answers [agent, action]),
 * delete. Who may change an agent's actions is who may edit the agent (auth/policies/agents.ts):
 * a private agent of someone else is 404, a visible one the user may not edit 403. Secrets are
 * never answered (presenters/action.ts).
 */
export const agentActionRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const deps = actionDeps(ctx);

  app.get(
    '/',
    {
      schema: {
        querystring: z.object({ agent_id: z.string().min(1).max(64).optional() }),
        response: { 200: ActionList },
      },
    },
    async (req) => {
      const actor = await loadActor(ctx.repos.roles, req.user);
      authorize(agentsPolicy.canUse(actor));
      if (req.query.agent_id) {
        // One agent's actions: for those who may edit it (a collaborator's builder lists them).
        const agent = await loadAgent(ctx.repos.agents, actor, req.query.agent_id, agentsPolicy.canEdit);
        return (await ctx.repos.actions.byAgent(agent.id)).map(presentAction);
      }
      return (await ctx.repos.actions.byUser(actor.id, ACTIONS_LISTED)).map(presentAction);
    },
  );

  app.post('/:agent_id', { schema: { params: ActionAgentParams, body: ActionUpdateBody } }, async (req) => {
    const actor = await loadActor(ctx.repos.roles, req.user);
    const { agent, action } = await saveAction(deps, actor, req.params.agent_id, req.body);
    const [withAuthor] = await ctx.repos.agents.withAuthors([agent]);
    return [
      presentAgent(withAuthor, agentsPolicy.canEdit(actor, agentAccess(agent)) === true),
      presentAction(action),
    ];
  });

  app.delete(
    '/:agent_id/:action_id',
    { schema: { params: ActionDeleteParams, response: { 200: MessageResult } } },
    async (req) => {
      const actor = await loadActor(ctx.repos.roles, req.user);
      await deleteAction(deps, actor, req.params.agent_id, req.params.action_id);
      return { message: 'Action deleted successfully' };
    },
  );
};

/**
 * /api/actions (signed in): validate a spec as a save would (the builder's check after 800 ms), and
 * bind this browser to the user before they open an action's sign-in link.
 */
export const actionRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  app.post(
    '/validate',
    { schema: { body: ActionValidateBody, response: { 200: ActionValidateResult } } },
    async (req) => {
      const actor = await loadActor(ctx.repos.roles, req.user);
      authorize(agentsPolicy.canCreate(actor));
      const parsed = await parseSpec(req.body.raw_spec, specOptions(ctx));
      if (!parsed.ok) return { status: false, message: parsed.message, functions: [] };
      return {
        status: true,
        message: parsed.message,
        serverUrl: parsed.serverUrl,
        domain: parsed.domain,
        functions: parsed.functions.map(publicFunction),
      };
    },
  );

  app.post('/:action_id/oauth/bind', { schema: { params: ActionIdParams } }, async (req, reply) => {
    const action = await ctx.repos.actions.get(req.params.action_id);
    if (!action) throw new AppError('not_found', 'Action not found.');
    // Signing in to an action is using its agent: the user must see it.
    const actor = await loadActor(ctx.repos.roles, req.user);
    await loadAgent(ctx.repos.agents, actor, action.agent_id);
    setBindCookie(reply, {
      name: BIND_COOKIE,
      value: bindValue(ctx.box, req.user.id, action.id),
      path: `/api/actions/${encodeURIComponent(action.id)}/oauth`,
      secure: ctx.cookie.secure,
      ttlMs: ACTION_BIND_TTL_MS,
    });
    return reply.status(204).send();
  });
};

/** The page the callback answers in the sign-in window (no script: CSP allows none inline). */
function page(reply: FastifyReply, status: number, title: string, text: string) {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">` +
        `<h1 style="font-size:1.25rem">${esc(title)}</h1><p>${esc(text)}</p></body></html>`,
    );
}

/**
 * GET /api/actions/:action_id/oauth/callback (public: the authorization server redirects the
 * user's browser here). The state must be one we sealed for this action and not expired, and the
 * browser must carry the bind cookie of the same user (so a link someone else started cannot store
 * their victim's tokens under the attacker's account). The code is exchanged (with the PKCE
 * verifier) and the tokens stored sealed for that user; a run waiting for them continues.
 */
export const actionCallbackRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  app.get(
    '/:action_id/oauth/callback',
    { schema: { params: ActionIdParams, querystring: ActionOAuthCallbackQuery } },
    async (req, reply) => {
      const failed = (text: string) => page(reply, 400, 'Sign-in failed', text);
      const { code, state, error } = req.query;
      if (error) return failed(`The sign-in was not completed (${error}).`);
      if (!code || !state) return failed('The sign-in answer is incomplete.');
      const flow = readState(ctx.box, state, req.params.action_id);
      if (!flow) return failed('This sign-in link has expired or is not valid. Start again from the chat.');
      const bound = readBind(ctx.box, req.cookies[BIND_COOKIE], req.params.action_id);
      if (bound !== flow.userId)
        return failed(
          'This sign-in was started in another browser or by another user. Start again from the chat.',
        );
      const action = await ctx.repos.actions.get(req.params.action_id);
      if (!action) return failed('This action no longer exists.');
      const metadata = storedMetadata(action);
      if (metadata.auth.type !== 'oauth') return failed('This action does not use OAuth.');
      try {
        await exchangeCode(
          {
            box: ctx.box,
            actions: ctx.repos.actions,
            domainServer: ctx.config.domainServer,
            allowedPrivateHosts: ctx.allowedPrivateHosts,
          },
          action,
          metadata,
          openSecrets(ctx.box, metadata),
          flow.userId,
          code,
          flow.verifier,
        );
      } catch (err) {
        // The reason only (never the code, the secrets or the answer's body).
        req.log.warn(
          { actionId: action.id, reason: (err as Error).message },
          'action sign-in exchange failed',
        );
        return failed('The sign-in could not be completed with the API. Try again from the chat.');
      }
      reply.clearCookie(BIND_COOKIE, { path: `/api/actions/${encodeURIComponent(action.id)}/oauth` });
      return page(
        reply,
        200,
        'Signed in',
        `You are signed in to ${metadata.domain}. You can close this window and go back to the chat.`,
      );
    },
  );
};

import { createHash } from 'node:crypto';
import { ACTION_DELIMITER } from '@parley/schema';
import type { ActionsTable } from '../db/schema.ts';
import type { ToolDef, ToolProvider, ToolResult, ToolRunContext } from '../tools/types.ts';
import { apiKeyHeaders, buildRequest, redact, sendRequest } from './execute.ts';
import { ACTION_SIGN_IN_MS, accessToken, type OAuthDeps, signInUrl, waitForSignIn } from './oauth.ts';
import { openSecrets, type StoredActionMetadata, storedFunctions, storedMetadata } from './stored.ts';
import type { StoredFunction } from './to-functions.ts';

export interface ActionToolDeps extends OAuthDeps {
  /** librechat.yaml `actions.allowedDomains`. */
  allowedDomains?: readonly string[];
}

/** Providers take function names of [a-zA-Z0-9_-], at most 64 characters. */
export function modelName(key: string): string {
  const clean = key.replace(/[^a-zA-Z0-9_-]/g, '_');
  if (clean.length <= 64) return clean;
  return `${clean.slice(0, 55)}_${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
}

/** The words a call gets when the user has not signed in (in time). */
export const signInNeeded = (domain: string) =>
  `the user has not signed in to ${domain}. Ask them to sign in with the link shown on this call, then to send the message again.`;

/** The words a call gets when the user did not sign in before the link expired (its link is gone). */
export const signInExpired = (domain: string) =>
  `the user did not sign in to ${domain} within ${ACTION_SIGN_IN_MS / 60_000} minutes, so the sign-in link expired. Ask them to send the message again and sign in with the new link it shows.`;

async function authHeaders(
  deps: ActionToolDeps,
  action: ActionsTable,
  metadata: StoredActionMetadata,
  userId: string,
  ctx: ToolRunContext,
): Promise<{ headers: Record<string, string>; secrets: string[] }> {
  const secrets = openSecrets(deps.box, metadata);
  const hidden = [secrets.apiKey, secrets.clientId, secrets.clientSecret];
  if (metadata.auth.type === 'service_http')
    return { headers: apiKeyHeaders(metadata, secrets), secrets: hidden };
  if (metadata.auth.type !== 'oauth') return { headers: {}, secrets: hidden };
  let token = await accessToken(deps, action, metadata, secrets, userId, ctx.signal);
  if (!token) {
    const link = signInUrl(deps, action, metadata, secrets, userId);
    // Where nobody can click a link, the model is told; else the call waits for the sign-in.
    if (!ctx.signIn) throw new Error(`${signInNeeded(metadata.domain)} Sign-in link: ${link.url}`);
    ctx.signIn(link.url, link.expiresAt);
    const done = await waitForSignIn(deps, userId, action.id, link.expiresAt, ctx.signal);
    if (done) token = await accessToken(deps, action, metadata, secrets, userId, ctx.signal);
    if (!token) throw new Error(done ? signInNeeded(metadata.domain) : signInExpired(metadata.domain));
    ctx.signedIn?.();
  }
  return { headers: { authorization: `Bearer ${token}` }, secrets: [...hidden, token] };
}

/** One function of an action as a tool: its request built from the model's arguments, sent, answered. */
function actionTool(deps: ActionToolDeps, action: ActionsTable, fn: StoredFunction): ToolDef {
  return {
    name: modelName(fn.tool),
    description: fn.description || `${fn.method} ${fn.path} on ${fn.domain}`,
    inputSchema: fn.parameters,
    async run(args, ctx): Promise<ToolResult> {
      const metadata = storedMetadata(action);
      const input =
        args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
      const auth = await authHeaders(deps, action, metadata, ctx.userId, ctx);
      const req = buildRequest(metadata, fn, input, auth.headers, deps.allowedDomains);
      const res = await sendRequest(req, {
        allowedPrivateHosts: deps.allowedPrivateHosts,
        signal: ctx.signal,
      });
      const text = redact(res.text, auth.secrets);
      if (!res.ok)
        return {
          output: `API call to ${metadata.domain} failed with HTTP ${res.status}: ${text}`,
          isError: true,
        };
      return { output: text || `HTTP ${res.status}` };
    },
  };
}

/**
 * Actions as a source of tools (tools/registry.ts): a key `<name>_action_<domain>` in an agent's
 * tools is the function of that name of one of the agent's own actions. Nothing is offered in the
 * tool picker: actions are added through their own API (routes/actions.ts).
 */
export function actionTools(deps: ActionToolDeps): ToolProvider {
  return {
    available: async () => [],
    async resolve(key, ctx) {
      if (!key.includes(ACTION_DELIMITER) || !ctx.agentId) return null;
      for (const action of await deps.actions.byAgent(ctx.agentId)) {
        const fn = storedFunctions(action).find((f) => f.tool === key);
        if (fn) return actionTool(deps, action, fn);
      }
      return null;
    },
  };
}

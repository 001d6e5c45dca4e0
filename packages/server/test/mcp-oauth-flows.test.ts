import { mcpPluginKey, paths } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from './factories.ts';
import { authed, type Session, startTestApp, type TestApp } from './helpers.ts';
import { startHttpFixture } from './support/mcp-fixture.mjs';
import { startOAuthFixture } from './support/mcp-oauth-fixture.mjs';

/**
 * Issue 16 point 2, the rest of LibreChat's MCP OAuth routes: a sign-in's status and what may be
 * said of its tokens (each user's own flows only), binding the sign-in to the browser that started
 * it, cancelling it, signing out (uninstall of `mcp_<server>`), and a server whose 401 asks for
 * OAuth without `requiresOAuth` in the yaml.
 */
describe('MCP OAuth flows', () => {
  let t: TestApp;
  let oauth: Awaited<ReturnType<typeof startOAuthFixture>>;
  let detect: Awaited<ReturnType<typeof startOAuthFixture>>;
  let plain: Awaited<ReturnType<typeof startHttpFixture>>;
  beforeAll(async () => {
    oauth = await startOAuthFixture();
    detect = await startOAuthFixture();
    // Answers 401 without an OAuth challenge (a wrong static key): an error, not a sign-in.
    plain = await startHttpFixture('basic', { requireHeader: { name: 'x-api-key', value: 'never-sent' } });
    t = await startTestApp('sqlite', {
      yaml: `
version: 1.2.1
mcpServers:
  secured:
    type: streamable-http
    url: ${oauth.url}
    requiresOAuth: true
  detected:
    type: streamable-http
    url: ${detect.url}
  plain401:
    type: streamable-http
    url: ${plain.url}
`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await oauth?.close();
    await detect?.close();
    await plain?.close();
  });

  const api = (s: Session, p: string, init: RequestInit = {}) =>
    fetch(`${t.base}${p}`, { ...init, headers: { ...authed(s), ...(init.headers as object) } });
  const state = async (s: Session, server: string) =>
    (await (await api(s, paths.mcpServerConnectionStatus(server))).json()).connectionState as string;

  async function bind(s: Session, server = 'secured'): Promise<string> {
    const res = await api(s, paths.mcpOAuthBind(server), { method: 'POST' });
    expect(res.status).toBe(204);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  }

  /** Initiate, and let the authorization server approve: the callback URL the browser would open. */
  async function approve(s: Session, server = 'secured') {
    const init = await (await api(s, paths.mcpOAuthInitiate(server))).json();
    const back = new URL(
      (await fetch(init.authorizationUrl, { redirect: 'manual' })).headers.get('location')!,
    );
    return { flowId: init.flowId as string, callback: `${t.base}${back.pathname}${back.search}` };
  }

  async function signIn(s: Session, server = 'secured') {
    const cookie = await bind(s, server);
    const { flowId, callback } = await approve(s, server);
    const res = await fetch(callback, { headers: { cookie } });
    expect(res.status).toBe(200);
    return flowId;
  }

  it('status and tokens of a flow answer its owner only, and never carry the tokens', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const { flowId, callback } = await approve(a);
    expect(flowId).toBe(`${a.userId}:secured`);

    expect(await (await api(a, paths.mcpOAuthStatus(flowId))).json()).toEqual({
      status: 'PENDING',
      completed: false,
      failed: false,
    });
    expect((await api(a, paths.mcpOAuthTokens(flowId))).status).toBe(400);
    // B cannot see A's flow, by A's flow id or by guessing.
    expect((await api(b, paths.mcpOAuthStatus(flowId))).status).toBe(404);
    expect((await api(b, paths.mcpOAuthTokens(flowId))).status).toBe(403);

    // The callback completes only in the browser bound to A: none, or B's, is refused.
    expect((await fetch(callback)).status).toBe(400);
    expect((await fetch(callback, { headers: { cookie: await bind(b) } })).status).toBe(400);
    expect(await state(b, 'secured')).toBe('requires_oauth');
    expect((await fetch(callback, { headers: { cookie: await bind(a) } })).status).toBe(200);

    const status = await (await api(a, paths.mcpOAuthStatus(flowId))).json();
    expect(status).toMatchObject({ status: 'COMPLETED', completed: true, failed: false });
    const tokensRes = await api(a, paths.mcpOAuthTokens(flowId));
    expect(tokensRes.status).toBe(200);
    const text = await tokensRes.text();
    const { tokens } = JSON.parse(text);
    expect(tokens).toMatchObject({ token_type: 'Bearer', has_refresh_token: false });
    expect(tokens.expires_at).toBeGreaterThan(Date.now());
    for (const token of oauth.tokens) expect(text).not.toContain(token);
    expect(text).not.toContain('access_token');

    expect((await api(b, paths.mcpOAuthStatus(flowId))).status).toBe(404);
    expect((await api(b, paths.mcpOAuthTokens(flowId))).status).toBe(403);
    expect((await api(b, paths.mcpOAuthTokens(`${b.userId}:secured`))).status).toBe(404);
  });

  it('cancel ends the sign-in in progress: its callback is refused; another user cancels only their own', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const cookie = await bind(a);
    const { flowId, callback } = await approve(a);

    const cancelB = await (await api(b, paths.mcpOAuthCancel('secured'), { method: 'POST' })).json();
    expect(cancelB).toEqual({ success: true, message: 'No active OAuth flow to cancel' });
    expect((await (await api(a, paths.mcpOAuthStatus(flowId))).json()).status).toBe('PENDING');

    const cancel = await (await api(a, paths.mcpOAuthCancel('secured'), { method: 'POST' })).json();
    expect(cancel).toEqual({ success: true, message: 'OAuth flow for secured cancelled successfully' });
    expect(await (await api(a, paths.mcpOAuthStatus(flowId))).json()).toEqual({
      status: 'FAILED',
      completed: false,
      failed: true,
      error: 'User cancelled OAuth flow',
    });
    expect((await fetch(callback, { headers: { cookie } })).status).toBe(400);
    expect(await state(a, 'secured')).toBe('requires_oauth');
    // Signing in again works.
    await signIn(a);
    expect((await (await api(a, paths.mcpOAuthStatus(flowId))).json()).status).toBe('COMPLETED');
  });

  it('uninstalling mcp_<server> signs the user out: the next use needs sign-in again; others stay signed in', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const flowId = await signIn(a);
    await signIn(b);
    await t.app.ctx.mcp.toolDefs(a.userId, ['secured']);
    await t.app.ctx.mcp.toolDefs(b.userId, ['secured']);
    expect(await state(a, 'secured')).toBe('connected');

    const res = await api(a, paths.userPlugins, {
      method: 'POST',
      body: JSON.stringify({ pluginKey: mcpPluginKey('secured'), action: 'uninstall' }),
    });
    expect(res.status).toBe(204);
    expect(await state(a, 'secured')).toBe('requires_oauth');
    expect((await api(a, paths.mcpOAuthStatus(flowId))).status).toBe(404);
    const rows = await t.app.ctx.db
      .selectFrom('mcp_oauth')
      .select('user_id')
      .where('user_id', '=', a.userId)
      .execute();
    expect(rows).toEqual([]);
    expect((await t.app.ctx.mcp.toolDefs(a.userId, ['secured'])).unavailable).toEqual(['secured']);
    // B's sign-in is untouched.
    expect(await state(b, 'secured')).toBe('connected');
    expect((await t.app.ctx.mcp.toolDefs(b.userId, ['secured'])).tools.length).toBeGreaterThan(0);
  });

  it('a server without requiresOAuth that answers 401 with an OAuth challenge asks users to sign in', async () => {
    const a = await makeUser(t);
    const deadline = Date.now() + 10_000;
    while ((await state(a, 'detected')) !== 'requires_oauth' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(await state(a, 'detected')).toBe('requires_oauth');
    const info = await (await api(a, paths.mcpServer('detected'))).json();
    expect(info).toMatchObject({ requiresOAuth: true, connectionState: 'requires_oauth' });
    // A bare 401 stays an error.
    while ((await state(a, 'plain401')) === 'connecting' || (await state(a, 'plain401')) === 'disconnected') {
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await state(a, 'plain401')).toBe('error');

    // The user signs in, and it works for them.
    await signIn(a, 'detected');
    const { tools } = await t.app.ctx.mcp.toolDefs(a.userId, ['detected']);
    expect(tools.map((x) => x.name)).toContain('echo_mcp_detected');
    expect(await state(a, 'detected')).toBe('connected');
    const b = await makeUser(t);
    expect(await state(b, 'detected')).toBe('requires_oauth');
  });
});

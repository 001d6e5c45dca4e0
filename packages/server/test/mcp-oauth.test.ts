import { paths } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from './factories.ts';
import { authed, type Session, startTestApp, type TestApp } from './helpers.ts';
import { startOAuthFixture } from './support/mcp-oauth-fixture.mjs';

/**
 * Issue 16 point 2, OAuth for remote MCP servers: discovery of the protected resource and its
 * authorization server, dynamic client registration, PKCE, the browser's callback with a signed
 * state, per-user tokens stored sealed; another user stays signed out.
 */
describe('MCP OAuth', () => {
  let t: TestApp;
  let oauth: Awaited<ReturnType<typeof startOAuthFixture>>;
  beforeAll(async () => {
    oauth = await startOAuthFixture();
    t = await startTestApp('sqlite', {
      yaml: `
version: 1.2.1
mcpServers:
  secured:
    type: streamable-http
    url: ${oauth.url}
    requiresOAuth: true
`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await oauth?.close();
  });

  const status = async (s: Session) =>
    (
      await (
        await fetch(`${t.base}${paths.mcpServerConnectionStatus('secured')}`, { headers: authed(s) })
      ).json()
    ).connectionState as string;

  /** POST …/oauth/bind: the cookie that ties the sign-in to this browser. */
  async function bind(s: Session): Promise<string> {
    const res = await fetch(`${t.base}${paths.mcpOAuthBind('secured')}`, {
      method: 'POST',
      headers: authed(s),
    });
    expect(res.status).toBe(204);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  }

  /** Ask to sign in, let the authorization server approve, and follow its redirect to our callback. */
  async function signIn(s: Session): Promise<{ res: Response; url: string; cookie: string }> {
    const cookie = await bind(s);
    const init = await (
      await fetch(`${t.base}${paths.mcpOAuthInitiate('secured')}`, { headers: authed(s) })
    ).json();
    expect(init.authorizationUrl).toMatch(/\/authorize\?/);
    const authorize = new URL(init.authorizationUrl);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const approved = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    expect(back.pathname).toBe(paths.mcpOAuthCallback('secured'));
    // The browser would follow it to the server's own address, with the bind cookie.
    const url = `${t.base}${back.pathname}${back.search}`;
    return { res: await fetch(url, { headers: { cookie } }), url, cookie };
  }

  it('a user signs in through discovery, registration and PKCE; their tokens work and are sealed', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    expect(await status(a)).toBe('requires_oauth');
    expect((await t.app.ctx.mcp.toolDefs(a.userId, ['secured'])).unavailable).toEqual(['secured']);

    const { res: cb } = await signIn(a);
    expect(cb.status).toBe(200);
    expect(await cb.text()).toContain('Signed in to secured');
    expect(oauth.tokens.size).toBe(1);
    const [token] = oauth.tokens;

    const { tools } = await t.app.ctx.mcp.toolDefs(a.userId, ['secured']);
    const echo = tools.find((x) => x.name === 'echo_mcp_secured')!;
    expect((await echo.run({ text: 'signed' }, { signal: AbortSignal.timeout(5000) } as never)).output).toBe(
      'echo: signed',
    );
    expect(await status(a)).toBe('connected');

    const stored = await t.app.ctx.db.selectFrom('mcp_oauth').select('data').execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((r) => r.data).join()).not.toContain(token);

    // B is not signed in by A's tokens.
    expect(await status(b)).toBe('requires_oauth');
    expect((await t.app.ctx.mcp.toolDefs(b.userId, ['secured'])).tools).toEqual([]);
  });

  it("a state re-signed for another user is refused: A's approval never signs B in", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const start = async (s: Session) => {
      const init = await (
        await fetch(`${t.base}${paths.mcpOAuthInitiate('secured')}`, { headers: authed(s) })
      ).json();
      return new URL((await fetch(init.authorizationUrl, { redirect: 'manual' })).headers.get('location')!);
    };
    const backA = await start(a);
    const backB = await start(b);
    // B's payload (their user id and nonce) with A's signature, carrying A's code.
    const [payloadB] = backB.searchParams.get('state')!.split('.');
    const [, macA] = backA.searchParams.get('state')!.split('.');
    const forged = new URLSearchParams({
      code: backA.searchParams.get('code')!,
      state: `${payloadB}.${macA}`,
    });
    const cookieB = await bind(b);
    const res = await fetch(`${t.base}${paths.mcpOAuthCallback('secured')}?${forged}`, {
      headers: { cookie: cookieB },
    });
    expect(res.status).toBe(400);
    expect(await status(b)).toBe('requires_oauth');
    // A's own callback still works (the code was not spent).
    const cookieA = await bind(a);
    expect(
      (await fetch(`${t.base}${backA.pathname}${backA.search}`, { headers: { cookie: cookieA } })).status,
    ).toBe(200);
  });

  it('a callback with a forged or replayed state is refused', async () => {
    const a = await makeUser(t);
    const forged = await fetch(`${t.base}${paths.mcpOAuthCallback('secured')}?code=x&state=eyJ1IjoieCJ9.bad`);
    expect(forged.status).toBe(400);

    const cb = await signIn(a);
    expect(cb.res.status).toBe(200);
    // The same callback again: the sign-in it belonged to is over.
    const again = await fetch(cb.url, { headers: { cookie: cb.cookie } });
    expect(again.status).toBe(400);
  });
});

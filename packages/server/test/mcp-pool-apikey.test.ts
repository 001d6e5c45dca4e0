import { mcpPluginKey, paths } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpServersYaml } from '../src/config/mcp-config.ts';
import { mcpManager } from '../src/mcp/manager.ts';
import { makeUser } from './factories.ts';
import { authed, type Session, startTestApp, type TestApp } from './helpers.ts';
import { startHttpFixture } from './support/mcp-fixture.mjs';

/**
 * Issue 16: librechat.yaml `apiKey` on remote MCP servers (the admin's key for everyone, or each
 * user's own), and the per-user connection pool's cap (the least recently used idle connection
 * closes to make room).
 */
describe('MCP apiKey and the per-user pool', () => {
  let t: TestApp;
  let bearer: Awaited<ReturnType<typeof startHttpFixture>>;
  let basic: Awaited<ReturnType<typeof startHttpFixture>>;
  let custom: Awaited<ReturnType<typeof startHttpFixture>>;
  let open: Awaited<ReturnType<typeof startHttpFixture>>;
  beforeAll(async () => {
    bearer = await startHttpFixture('basic', {
      requireHeader: { name: 'authorization', value: 'Bearer admin-key-123' },
    });
    basic = await startHttpFixture('basic', {
      requireHeader: { name: 'authorization', value: 'Basic YWRtaW46c2VjcmV0' },
    });
    custom = await startHttpFixture('basic', {
      requireHeader: { name: 'x-user-key', value: 'user-a-key-123' },
    });
    open = await startHttpFixture('basic');
    t = await startTestApp('sqlite', {
      env: { MCP_ADMIN_KEY: 'admin-key-123' },
      yaml: `
version: 1.2.1
mcpServers:
  adminbearer:
    type: streamable-http
    url: ${bearer.url}
    apiKey: { source: admin, authorization_type: bearer, key: "\${MCP_ADMIN_KEY}" }
  adminbasic:
    type: streamable-http
    url: ${basic.url}
    headers: { authorization: "Bearer overridden" }
    apiKey: { source: admin, authorization_type: basic, key: YWRtaW46c2VjcmV0 }
  adminwrong:
    type: streamable-http
    url: ${custom.url}
    apiKey: { source: admin, authorization_type: custom, custom_header: X-User-Key, key: admin-wrong-key-789 }
  userkey:
    type: streamable-http
    url: ${custom.url}
    apiKey: { source: user, authorization_type: custom, custom_header: X-User-Key }
`,
    });
  });
  afterAll(async () => {
    await t?.close();
    for (const f of [bearer, basic, custom, open]) await f?.close();
  });

  const api = (s: Session, p: string, init: RequestInit = {}) =>
    fetch(`${t.base}${p}`, { ...init, headers: authed(s) });
  const state = async (s: Session, server: string) =>
    (await (await api(s, paths.mcpServerConnectionStatus(server))).json()).connectionState as string;

  it('an admin apiKey is sent as the header (bearer, basic), never shown to users', async () => {
    const a = await makeUser(t);
    const deadline = Date.now() + 10_000;
    while (
      ((await state(a, 'adminbearer')) !== 'connected' || (await state(a, 'adminbasic')) !== 'connected') &&
      Date.now() < deadline
    )
      await new Promise((r) => setTimeout(r, 50));
    expect(await state(a, 'adminbearer')).toBe('connected');
    expect(await state(a, 'adminbasic')).toBe('connected');
    const { tools } = await t.app.ctx.mcp.toolDefs(a.userId, ['adminbearer', 'adminbasic']);
    expect(tools.map((x) => x.name)).toEqual(
      expect.arrayContaining(['echo_mcp_adminbearer', 'echo_mcp_adminbasic']),
    );
    const list = await (await api(a, paths.mcpServers)).text();
    expect(list).not.toContain('admin-key-123');
    expect(list).not.toContain('YWRtaW46c2VjcmV0');
    expect(JSON.parse(list).adminbearer.headerNames).toEqual(['Authorization']);
    // A server that refuses the admin's key and echoes it back: the status error never shows it.
    while ((await state(a, 'adminwrong')) !== 'error' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const refused = await (await api(a, paths.mcpServerConnectionStatus('adminwrong'))).json();
    expect(refused.connectionState).toBe('error');
    expect(refused.error).toContain('[redacted]');
    expect(JSON.stringify(refused)).not.toContain('admin-wrong-key-789');
  });

  it("a user-sourced apiKey is each user's own stored value (MCP_API_KEY), sent in custom_header", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const flags = await (await api(a, paths.mcpAuthValues('userkey'))).json();
    expect(flags.authValueFlags).toEqual({ MCP_API_KEY: false });
    expect((await t.app.ctx.mcp.toolDefs(a.userId, ['userkey'])).unavailable).toEqual(['userkey']);

    const put = (s: Session, key: string) =>
      fetch(`${t.base}${paths.userPlugins}`, {
        method: 'POST',
        headers: authed(s),
        body: JSON.stringify({
          pluginKey: mcpPluginKey('userkey'),
          action: 'install',
          auth: { MCP_API_KEY: key },
        }),
      });
    expect((await put(a, 'user-a-key-123')).status).toBe(204);
    expect((await put(b, 'user-b-key-456')).status).toBe(204);
    const { tools } = await t.app.ctx.mcp.toolDefs(a.userId, ['userkey']);
    expect(tools.map((x) => x.name)).toContain('echo_mcp_userkey');
    expect(await state(a, 'userkey')).toBe('connected');
    // B's own key is the one sent for B (the fixture wants A's): refused, and B's key is not shown.
    expect((await t.app.ctx.mcp.toolDefs(b.userId, ['userkey'])).unavailable).toEqual(['userkey']);
    const st = await (await api(b, paths.mcpServerConnectionStatus('userkey'))).json();
    expect(st.connectionState).toBe('error');
    expect(JSON.stringify(st)).not.toContain('user-b-key-456');

    // Changing values with a field left blank keeps the stored one; a user with none stored must give it.
    expect((await put(a, '')).status).toBe(204);
    await t.app.ctx.mcp.forget(a.userId, 'userkey');
    expect((await t.app.ctx.mcp.toolDefs(a.userId, ['userkey'])).tools.length).toBeGreaterThan(0);
    const c = await makeUser(t);
    expect((await put(c, '')).status).toBe(400);
  });

  it('librechat.yaml apiKey is checked: custom needs custom_header, admin needs key', () => {
    const bad = McpServersYaml.safeParse({
      x: {
        type: 'streamable-http',
        url: 'http://h/mcp',
        apiKey: { source: 'user', authorization_type: 'custom' },
      },
      y: {
        type: 'streamable-http',
        url: 'http://h/mcp',
        apiKey: { source: 'admin', authorization_type: 'bearer' },
      },
    });
    expect(bad.success).toBe(false);
    const paths_ = bad.error?.issues.map((i) => i.path.join('.'));
    expect(paths_).toEqual(expect.arrayContaining(['x.apiKey.custom_header', 'y.apiKey.key']));
  });

  it('beyond the per-user cap the least recently used idle connection is closed', async () => {
    const ctx = t.app.ctx;
    const manager = mcpManager({
      yaml: McpServersYaml.parse({
        peruser: { type: 'streamable-http', url: open.url, headers: { 'X-User': '{{LIBRECHAT_USER_ID}}' } },
      }),
      userServers: ctx.repos.mcpServers,
      toolKeys: ctx.toolKeys,
      box: ctx.box,
      allowedPrivateHosts: [],
      log: t.app.log,
      oauth: { redirectBase: t.base, stateKey: 'test' },
      limits: { connectionsMax: 2, minIdleMs: 0, waitMs: 2_000 },
    });
    try {
      const def = (await manager.server('u1', 'peruser'))!;
      const conns = [];
      for (const user of ['u1', 'u2', 'u3']) {
        expect((await manager.toolDefs(user, ['peruser'])).tools.length).toBeGreaterThan(0);
        conns.push(await manager.connectionFor(user, def, false));
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(manager.pooledCount()).toBe(2);
      // u1 was used least recently: closed; u2 and u3 stay.
      expect(await manager.connectionFor('u1', def, false)).toBeNull();
      expect(conns[0]?.state).toBe('disconnected');
      expect(conns[1]?.state).toBe('connected');
      expect(conns[2]?.state).toBe('connected');

      // Using u2 makes u3 the least recently used: u1's return closes u3.
      await manager.toolDefs('u2', ['peruser']);
      await new Promise((r) => setTimeout(r, 5));
      await manager.toolDefs('u1', ['peruser']);
      expect(manager.pooledCount()).toBe(2);
      expect(await manager.connectionFor('u3', def, false)).toBeNull();
      expect((await manager.connectionFor('u2', def, false))?.state).toBe('connected');
    } finally {
      await manager.close();
    }
  });
});

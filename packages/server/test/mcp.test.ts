import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Message, paths, type ToolCall } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgent, makeUser } from './factories.ts';
import {
  authed,
  finalFrame,
  postChat,
  readFrames,
  type Session,
  startTestApp,
  type TestApp,
} from './helpers.ts';
import { FIXTURE_INSTRUCTIONS, startHttpFixture, startSseFixture } from './support/mcp-fixture.mjs';

/**
 * Issue 16 points 2, 5 and 6, server side: MCP servers from librechat.yaml (stdio children and
 * streamable HTTP on real sockets, built with the official SDK in support/mcp-fixture.mjs, plus the
 * published @modelcontextprotocol/server-memory package), users' own servers, customUserVars, and
 * the bounds on servers that crash, flood, stall or lie about their tools.
 */

const FIXTURE = fileURLToPath(new URL('./support/mcp-fixture.mjs', import.meta.url));
const MEMORY_SERVER = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-memory/dist/index.js',
);

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
};

const calls = (m: Message): ToolCall[] =>
  (m.content ?? []).flatMap((p) => (p.type === 'tool_call' ? [p.tool_call] : []));

const get = async (t: TestApp, s: Session, p: string) => {
  const res = await fetch(`${t.base}${p}`, { headers: authed(s) });
  return { status: res.status, text: await res.text() };
};

describe('MCP servers', () => {
  let t: TestApp;
  let keyed: Awaited<ReturnType<typeof startHttpFixture>>;
  let http: Awaited<ReturnType<typeof startHttpFixture>>;
  let sse: Awaited<ReturnType<typeof startSseFixture>>;
  const memoryDir = mkdtempSync(path.join(tmpdir(), 'parley-mcp-memory-'));

  beforeAll(async () => {
    // A secret of this process that a stdio child must never see.
    process.env.PARLEY_TEST_APP_SECRET = 'app-secret-value';
    http = await startHttpFixture('basic');
    sse = await startSseFixture('basic');
    keyed = await startHttpFixture('basic', {
      requireHeader: { name: 'x-api-key', value: 'user-key-123456' },
    });
    const yaml = `
version: 1.2.1
mcpServers:
  local:
    command: node
    args: ["${FIXTURE}", stdio, collide]
    env: { FIXTURE_FLAG: given }
    serverInstructions: true
  remote:
    type: streamable-http
    url: ${http.url}
    serverInstructions: "Use the remote tools sparingly."
  legacy:
    type: sse
    url: ${sse.url}
  down:
    type: streamable-http
    url: http://127.0.0.1:9/mcp
    initTimeout: 2000
  lazy:
    command: node
    args: ["${FIXTURE}", stdio]
    startup: false
  keyed:
    type: streamable-http
    url: ${keyed.url}
    headers: { X-Api-Key: "{{API_KEY}}" }
    customUserVars:
      API_KEY: { title: API Key, description: Your key for the keyed server }
  memory:
    command: node
    args: ["${MEMORY_SERVER}"]
    env: { MEMORY_FILE_PATH: "${path.join(memoryDir, 'memory.jsonl')}" }
`;
    t = await startTestApp('sqlite', { yaml, env: { ALLOWED_PRIVATE_HOSTS: 'localhost' } });
  });
  afterAll(async () => {
    await t?.close();
    await http?.close();
    await sse?.close();
    await keyed?.close();
    delete process.env.PARLEY_TEST_APP_SECRET;
  });

  it('app-wide servers connect in the background; a down one shows as an error; startup: false waits for use', async () => {
    const s = await makeUser(t);
    const status = async () =>
      JSON.parse((await get(t, s, paths.mcpConnectionStatus)).text).connectionStatus as Record<
        string,
        { connectionState: string; error?: string }
      >;
    await until(async () => {
      const st = await status();
      return (
        st.local.connectionState === 'connected' &&
        st.remote.connectionState === 'connected' &&
        st.legacy.connectionState === 'connected' &&
        st.memory.connectionState === 'connected' &&
        st.down.connectionState === 'error'
      );
    });
    const st = await status();
    expect(st.lazy.connectionState).toBe('disconnected');
    expect(st.keyed.connectionState).toBe('disconnected');
    const one = JSON.parse((await get(t, s, paths.mcpServerConnectionStatus('down'))).text);
    expect(one).toMatchObject({ success: true, serverName: 'down', connectionState: 'error' });

    // A plain chat does not wait for any of them.
    const started = Date.now();
    const done = finalFrame(await readFrames(await postChat(t, s, { text: 'Hello there' })));
    expect(done.responseMessage.text.length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(1500);

    // First use connects the lazy one.
    const lazy = await t.app.ctx.mcp.toolDefs(s.userId, ['lazy', 'down']);
    expect(lazy.tools.map((x) => x.name)).toContain('echo_mcp_lazy');
    expect(lazy.unavailable).toEqual(['down']);
  });

  it('a stdio child gets a clean environment (its own env, never the app’s secrets)', async () => {
    const s = await makeUser(t);
    const [envKeys] = (await t.app.ctx.mcp.toolDefs(s.userId, ['local'])).tools.filter(
      (x) => x.name === 'env_keys_mcp_local',
    );
    const res = await envKeys.run({}, { signal: AbortSignal.timeout(5000) } as never);
    const keys = res.output.split(',');
    expect(keys).toContain('FIXTURE_FLAG');
    expect(keys).toContain('PATH');
    expect(keys).not.toContain('PARLEY_TEST_APP_SECRET');
    expect(keys).not.toContain('JWT_SECRET');
    expect(keys.length).toBeLessThan(12);
  });

  it('lists tools as <tool>_mcp_<server> and refuses one named like a built-in', async () => {
    const s = await makeUser(t);
    const tools = JSON.parse((await get(t, s, paths.mcpTools)).text).servers;
    const local = tools.local.tools.map((x: { pluginKey: string }) => x.pluginKey);
    expect(local).toContain('echo_mcp_local');
    expect(local).not.toContain('web_search_mcp_local');
    expect(t.app.ctx.mcp.sharedConnection('local')?.refused).toEqual([
      expect.objectContaining({ name: 'web_search', reason: expect.stringContaining('built-in') }),
    ]);
    // The selection a plain chat sends (ephemeralAgent.mcp) gives the tools and both servers' instructions.
    const selected = await t.app.ctx.mcp.toolDefs(s.userId, ['local', 'remote']);
    expect(selected.instructions.join('\n')).toContain(FIXTURE_INSTRUCTIONS);
    expect(selected.instructions.join('\n')).toContain('Use the remote tools sparingly.');
    expect(selected.tools.map((x) => x.name)).toEqual(
      expect.arrayContaining(['echo_mcp_local', 'echo_mcp_remote']),
    );
    // The agents' tool list (GET /api/agents/tools) offers them too.
    const listed = JSON.parse((await get(t, s, paths.agentTools)).text) as { pluginKey: string }[];
    expect(listed.map((x) => x.pluginKey)).toEqual(
      expect.arrayContaining(['echo_mcp_local', 'echo_mcp_remote']),
    );
  });

  it("an agent calls an MCP tool, gets its result, and the server's instructions are in its system prompt", async () => {
    const s = await makeUser(t);
    const agent = await makeAgent(t, s.userId, { tools: ['echo_mcp_local', 'add_mcp_remote'] });
    t.fake.journal.clear();
    t.fake.enqueue(
      { provider: 'openai', match: { lastUserText: 'Use the tools' } },
      {
        steps: [
          { type: 'tool_call', name: 'echo_mcp_local', args: { text: 'ping' } },
          { type: 'tool_call', name: 'add_mcp_remote', args: { a: 2, b: 40 } },
        ],
        finish: 'tool',
      },
    );
    const done = finalFrame(
      await readFrames(
        await postChat(t, s, { endpoint: 'agents', agent_id: agent.id, model: 'x', text: 'Use the tools' }),
      ),
    );
    const byName = Object.fromEntries(calls(done.responseMessage).map((c) => [c.name, c.output]));
    expect(byName.echo_mcp_local).toBe('echo: ping');
    expect(byName.add_mcp_remote).toBe('42');
    const first = t.fake.journal.all().find((e) => e.provider === 'openai' && e.request?.tools?.length);
    const system = first?.request?.system ?? '';
    expect(system).toContain(FIXTURE_INSTRUCTIONS);
    expect(system).toContain('Use the remote tools sparingly.');
    expect(first?.request?.tools?.map((x: { name: string }) => x.name).sort()).toEqual([
      'add_mcp_remote',
      'echo_mcp_local',
    ]);
  });

  it('an agent whose tool is on a down server still answers, without that tool', async () => {
    const s = await makeUser(t);
    const agent = await makeAgent(t, s.userId, { tools: ['echo_mcp_down', 'echo_mcp_local'] });
    t.fake.journal.clear();
    const done = finalFrame(
      await readFrames(
        await postChat(t, s, {
          endpoint: 'agents',
          agent_id: agent.id,
          model: 'x',
          text: 'Hi [[fake:steps=1]]',
        }),
      ),
    );
    expect(done.responseMessage.error).toBeFalsy();
    const req = t.fake.journal.all().find((e) => e.provider === 'openai')?.request;
    expect(req?.tools?.map((x: { name: string }) => x.name)).toEqual(['echo_mcp_local']);
  });

  it('a plain chat with servers picked in the composer calls their tools; a picked server that is down adds none', async () => {
    const s = await makeUser(t);
    t.fake.journal.clear();
    t.fake.enqueue(
      { provider: 'openai', match: { lastUserText: 'Echo through MCP' } },
      { steps: [{ type: 'tool_call', name: 'echo_mcp_local', args: { text: 'plain' } }], finish: 'tool' },
    );
    const done = finalFrame(
      await readFrames(
        await postChat(t, s, { text: 'Echo through MCP', ephemeralAgent: { mcp: ['local', 'down'] } }),
      ),
    );
    expect(done.responseMessage.error).toBeFalsy();
    expect(calls(done.responseMessage).map((c) => [c.name, c.output])).toEqual([
      ['echo_mcp_local', 'echo: plain'],
    ]);
    // Still the plain chat it was: no agent stored on it.
    expect(done.conversation.agent_id ?? null).toBeNull();
    const first = t.fake.journal.all().find((e) => e.provider === 'openai' && e.request?.tools?.length);
    const offered: string[] = first?.request?.tools?.map((x: { name: string }) => x.name) ?? [];
    expect(offered).toContain('echo_mcp_local');
    expect(offered.every((n) => n.endsWith('_mcp_local'))).toBe(true);
    expect(first?.request?.system ?? '').toContain(FIXTURE_INSTRUCTIONS);
  });

  it('the published @modelcontextprotocol/server-memory runs as a child and its tools work', async () => {
    const s = await makeUser(t);
    const { tools } = await t.app.ctx.mcp.toolDefs(s.userId, ['memory']);
    const byName = Object.fromEntries(tools.map((x) => [x.name, x]));
    expect(Object.keys(byName)).toEqual(
      expect.arrayContaining(['create_entities_mcp_memory', 'read_graph_mcp_memory']),
    );
    const ctx = { signal: AbortSignal.timeout(5000) } as never;
    await byName.create_entities_mcp_memory.run(
      { entities: [{ name: 'Parley', entityType: 'app', observations: ['speaks MCP'] }] },
      ctx,
    );
    const graph = await byName.read_graph_mcp_memory.run({}, ctx);
    expect(graph.isError).toBe(false);
    expect(graph.output).toContain('speaks MCP');
  });

  it('the legacy SSE transport works, and reinitialize reconnects a server', async () => {
    const s = await makeUser(t);
    const [echo] = (await t.app.ctx.mcp.toolDefs(s.userId, ['legacy'])).tools.filter(
      (x) => x.name === 'echo_mcp_legacy',
    );
    expect((await echo.run({ text: 'old' }, { signal: AbortSignal.timeout(5000) } as never)).output).toBe(
      'echo: old',
    );

    const before = http.sessions.size;
    const res = await fetch(`${t.base}${paths.mcpReinitialize('remote')}`, {
      method: 'POST',
      headers: authed(s),
      body: '{}',
    });
    expect(await res.json()).toMatchObject({
      success: true,
      serverName: 'remote',
      connectionState: 'connected',
    });
    // A new MCP session on the server: the connection was really made again.
    expect(http.sessions.size).toBeGreaterThan(before);
  });

  it('tool lists refresh when the server says they changed', async () => {
    const s = await makeUser(t);
    const conn = t.app.ctx.mcp.sharedConnection('remote')!;
    const addTool = (await t.app.ctx.mcp.toolDefs(s.userId, ['remote'])).tools.find(
      (x) => x.name === 'add_tool_mcp_remote',
    )!;
    await addTool.run({ name: 'fresh' }, { signal: AbortSignal.timeout(5000) } as never);
    await until(() => conn.tools.some((x) => x.name === 'fresh'));
    expect(await t.app.ctx.mcp.resolveKey(s.userId, 'fresh_mcp_remote')).not.toBeNull();
  });

  it('customUserVars are stored sealed, reported as set or not, never returned, and fill the headers', async () => {
    const s = await makeUser(t);
    const flags = async () => JSON.parse((await get(t, s, paths.mcpAuthValues('keyed'))).text).authValueFlags;
    expect(await flags()).toEqual({ API_KEY: false });
    const reinit = await fetch(`${t.base}${paths.mcpReinitialize('keyed')}`, {
      method: 'POST',
      headers: authed(s),
      body: '{}',
    });
    expect(reinit.status).toBe(400);

    const install = await fetch(`${t.base}${paths.userPlugins}`, {
      method: 'POST',
      headers: authed(s),
      body: JSON.stringify({
        pluginKey: 'mcp_keyed',
        action: 'install',
        auth: { API_KEY: 'user-key-123456' },
      }),
    });
    expect(install.status).toBe(204);
    expect(await flags()).toEqual({ API_KEY: true });
    const stored = await t.app.ctx.db
      .selectFrom('user_keys')
      .select('value')
      .where('user_id', '=', s.userId)
      .execute();
    expect(stored.length).toBe(1);
    expect(stored[0].value).not.toContain('user-key-123456');

    const { tools } = await t.app.ctx.mcp.toolDefs(s.userId, ['keyed']);
    const echo = tools.find((x) => x.name === 'echo_mcp_keyed')!;
    expect((await echo.run({ text: 'k' }, { signal: AbortSignal.timeout(5000) } as never)).output).toBe(
      'echo: k',
    );

    for (const p of [
      paths.mcpServers,
      paths.mcpTools,
      paths.mcpConnectionStatus,
      paths.mcpAuthValues('keyed'),
    ]) {
      const r = await get(t, s, p);
      expect(r.status).toBe(200);
      expect(r.text).not.toContain('user-key-123456');
    }
    // Another user has no values and no connection of their own.
    const other = await makeUser(t);
    expect((await t.app.ctx.mcp.toolDefs(other.userId, ['keyed'])).unavailable).toEqual(['keyed']);

    // Wrong values: the server refuses, and the status error never repeats the value.
    await fetch(`${t.base}${paths.userPlugins}`, {
      method: 'POST',
      headers: authed(s),
      body: JSON.stringify({
        pluginKey: 'mcp_keyed',
        action: 'install',
        auth: { API_KEY: 'wrong-key-987654' },
      }),
    });
    await t.app.ctx.mcp.toolDefs(s.userId, ['keyed']);
    const st = await get(t, s, paths.mcpServerConnectionStatus('keyed'));
    expect(JSON.parse(st.text).connectionState).toBe('error');
    expect(st.text).not.toContain('wrong-key-987654');
  });

  it("users' own servers: private addresses refused, others cannot see them, CRUD by the owner", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const create = (s: Session, serverName: string, url: string) =>
      fetch(`${t.base}${paths.mcpServers}`, {
        method: 'POST',
        headers: authed(s),
        body: JSON.stringify({
          serverName,
          config: { type: 'streamable-http', url, headers: { Authorization: 'Bearer own-secret-token' } },
        }),
      });
    // 127.0.0.1 is private and not in ALLOWED_PRIVATE_HOSTS; "localhost" is.
    expect((await create(a, 'mine', http.url.replace('127.0.0.1', 'localhost'))).status).toBe(201);
    expect((await create(a, 'sneaky', http.url)).status).toBe(201);
    expect((await create(a, 'local', http.url)).status).toBe(409);

    const mine = await t.app.ctx.mcp.toolDefs(a.userId, ['mine', 'sneaky']);
    expect(mine.tools.map((x) => x.name)).toContain('echo_mcp_mine');
    expect(mine.unavailable).toEqual(['sneaky']);
    const sneaky = JSON.parse((await get(t, a, paths.mcpServerConnectionStatus('sneaky'))).text);
    expect(sneaky.error).toMatch(/private network/);

    const listA = await get(t, a, paths.mcpServers);
    expect(Object.keys(JSON.parse(listA.text))).toEqual(expect.arrayContaining(['mine', 'sneaky', 'local']));
    expect(listA.text).not.toContain('own-secret-token');
    expect(JSON.parse(listA.text).mine.headerNames).toEqual(['Authorization']);
    const raw = await t.app.ctx.db.selectFrom('mcp_servers').select('config').execute();
    expect(raw.map((r) => r.config).join()).not.toContain('own-secret-token');

    // B sees neither the server nor its tools, and cannot change it.
    expect(Object.keys(JSON.parse((await get(t, b, paths.mcpServers)).text))).not.toContain('mine');
    expect((await get(t, b, paths.mcpServer('mine'))).status).toBe(404);
    expect((await t.app.ctx.mcp.toolDefs(b.userId, ['mine'])).tools).toEqual([]);
    expect(await t.app.ctx.mcp.resolveKey(b.userId, 'echo_mcp_mine')).toBeNull();
    const del = (s: Session, name: string) =>
      fetch(`${t.base}${paths.mcpServer(name)}`, { method: 'DELETE', headers: authed(s) });
    expect((await del(b, 'mine')).status).toBe(404);
    expect((await del(a, 'local')).status).toBe(404);
    expect((await del(a, 'mine')).status).toBe(204);
    expect((await get(t, a, paths.mcpServer('mine'))).status).toBe(404);

    // stdio is never accepted from a user.
    const stdio = await fetch(`${t.base}${paths.mcpServers}`, {
      method: 'POST',
      headers: authed(a),
      body: JSON.stringify({ serverName: 'shell', config: { type: 'stdio', command: 'sh' } }),
    });
    expect(stdio.status).toBe(400);
  });

  it('MCP_SERVERS permission: without CREATE no own servers; without USE no MCP routes', async () => {
    const admin = await makeUser(t, { role: 'ADMIN' });
    const s = await makeUser(t);
    const set = (body: Record<string, boolean>) =>
      fetch(`${t.base}${paths.rolePermissions('USER', 'mcp-servers')}`, {
        method: 'PUT',
        headers: authed(admin),
        body: JSON.stringify(body),
      });
    expect((await set({ CREATE: false })).status).toBe(200);
    try {
      const res = await fetch(`${t.base}${paths.mcpServers}`, {
        method: 'POST',
        headers: authed(s),
        body: JSON.stringify({ serverName: 'x1', config: { type: 'sse', url: 'https://example.com/sse' } }),
      });
      expect(res.status).toBe(403);
      expect((await set({ USE: false })).status).toBe(200);
      expect((await get(t, s, paths.mcpServers)).status).toBe(403);
    } finally {
      await set({ USE: true, CREATE: true });
    }
  });

  it('prompts are listed', async () => {
    const s = await makeUser(t);
    const res = JSON.parse((await get(t, s, paths.mcpPrompts('remote'))).text);
    expect(res.prompts).toEqual([
      { name: 'greet', description: 'Greet someone.', arguments: [{ name: 'who', required: true }] },
    ]);
  });

  it('the memory file was written by the published server (it really ran)', () => {
    expect(readFileSync(path.join(memoryDir, 'memory.jsonl'), 'utf8')).toContain('Parley');
  });
});

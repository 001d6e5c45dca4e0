import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restartDelay } from '../src/mcp/connection.ts';
import {
  MCP_MESSAGE_MAX_BYTES,
  MCP_RESTART_BASE_MS,
  MCP_RESTART_MAX_MS,
  MCP_TOOL_OUTPUT_MAX_CHARS,
} from '../src/mcp/limits.ts';
import type { ToolDef } from '../src/tools/types.ts';
import { makeUser } from './factories.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { startHttpFixture } from './support/mcp-fixture.mjs';

/**
 * Issue 16 point 5 for MCP: servers that crash, flood, stall or send schema bombs are bounded with
 * a clear message; crashed stdio children restart with backoff; closing the app ends its children.
 */

const FIXTURE = fileURLToPath(new URL('./support/mcp-fixture.mjs', import.meta.url));

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const ctx = () => ({ signal: AbortSignal.timeout(15_000) }) as never;

describe('MCP safety and lifecycle', () => {
  let t: TestApp;
  let floodHttp: Awaited<ReturnType<typeof startHttpFixture>>;
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-mcp-crash-'));
  const counter = path.join(dir, 'starts');

  beforeAll(async () => {
    floodHttp = await startHttpFixture('flood');
    t = await startTestApp('sqlite', {
      yaml: `
version: 1.2.1
mcpServers:
  crashy:
    command: node
    args: ["${FIXTURE}", stdio]
    env: { CRASH_COUNT_FILE: "${counter}", CRASH_TIMES: "2" }
  flood:
    command: node
    args: ["${FIXTURE}", stdio, flood]
  floodhttp:
    type: streamable-http
    url: ${floodHttp.url}
  slow:
    command: node
    args: ["${FIXTURE}", stdio, slow]
    timeout: 300
  bomb:
    command: node
    args: ["${FIXTURE}", stdio, bomb]
`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await floodHttp?.close();
  });

  const tools = async (server: string): Promise<Record<string, ToolDef>> => {
    const s = await makeUser(t);
    const { tools } = await t.app.ctx.mcp.toolDefs(s.userId, [server]);
    return Object.fromEntries(tools.map((x) => [x.name.replace(`_mcp_${server}`, ''), x]));
  };

  it('restart delays grow exponentially up to the cap', () => {
    expect([0, 1, 2, 3].map(restartDelay)).toEqual([1, 2, 4, 8].map((n) => n * MCP_RESTART_BASE_MS));
    expect(restartDelay(30)).toBe(MCP_RESTART_MAX_MS);
  });

  it('a stdio server that crashes at start is restarted with backoff until it stays up', async () => {
    const conn = t.app.ctx.mcp.sharedConnection('crashy')!;
    const started = Date.now();
    await until(() => conn.state === 'connected', 15_000);
    // Two failed starts, then waits of BASE and 2·BASE before the third.
    expect(readFileSync(counter, 'utf8')).toBe('3');
    expect(conn.restarts).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(MCP_RESTART_BASE_MS * 3 - 200);
  });

  it('a stdio server that crashes during use is restarted (a new process) and its tools work again', async () => {
    const conn = t.app.ctx.mcp.sharedConnection('crashy')!;
    await until(() => conn.state === 'connected', 15_000);
    const before = conn.pid!;
    const { crash, echo } = await tools('crashy');
    await crash.run({}, ctx());
    await until(() => conn.state === 'connected' && conn.pid !== before, 15_000);
    expect(alive(before)).toBe(false);
    expect((await echo.run({ text: 'again' }, ctx())).output).toBe('echo: again');
  });

  it('endless output: over stdio the message bound ends the call, with a message; the server restarts', async () => {
    const { flood, echo } = await tools('flood');
    const started = Date.now();
    const res = await flood.run({ mb: (MCP_MESSAGE_MAX_BYTES * 2) / 1024 / 1024 }, ctx());
    expect(res.isError).toBe(true);
    expect(res.output).toMatch(/The MCP server "flood" failed/);
    expect(Date.now() - started).toBeLessThan(10_000);
    const conn = t.app.ctx.mcp.sharedConnection('flood')!;
    await until(() => conn.state === 'connected', 15_000);
    expect((await echo.run({ text: 'fine' }, ctx())).output).toBe('echo: fine');
  });

  it('endless output: over HTTP the response bound ends the call', async () => {
    const { flood } = await tools('floodhttp');
    const res = await flood.run({ mb: (MCP_MESSAGE_MAX_BYTES * 2) / 1024 / 1024 }, ctx());
    expect(res.isError).toBe(true);
    expect(res.output).toMatch(/failed/);
  });

  it('a large but valid answer reaches the model truncated to the output bound', async () => {
    const { flood } = await tools('floodhttp');
    const res = await flood.run({ mb: 1 }, ctx());
    expect(res.isError).toBe(false);
    expect(res.output.length).toBeLessThan(MCP_TOOL_OUTPUT_MAX_CHARS + 100);
    expect(res.output).toMatch(/output truncated at/);
  });

  it('a slow tool is cut at the server’s timeout with a message', async () => {
    const { sleep } = await tools('slow');
    const started = Date.now();
    const res = await sleep.run({ ms: 10_000 }, ctx());
    expect(res.isError).toBe(true);
    expect(res.output).toMatch(/timed out|timeout/i);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('schema bombs (too deep, too large) are refused; the server’s other tools stay', async () => {
    const names = Object.keys(await tools('bomb'));
    expect(names).toContain('echo');
    expect(names).not.toContain('deep');
    expect(names).not.toContain('wide');
    const refused = t.app.ctx.mcp.sharedConnection('bomb')!.refused;
    expect(refused.map((r) => r.name).sort()).toEqual(['deep', 'wide']);
    expect(refused.find((r) => r.name === 'deep')?.reason).toMatch(/nests deeper/);
    expect(refused.find((r) => r.name === 'wide')?.reason).toMatch(/larger than/);
  });

  it('closing the app ends its stdio children', async () => {
    const app = await startTestApp('sqlite', {
      yaml: `
version: 1.2.1
mcpServers:
  child:
    command: node
    args: ["${FIXTURE}", stdio]
`,
    });
    const conn = app.app.ctx.mcp.sharedConnection('child')!;
    await until(() => conn.state === 'connected');
    const pid = conn.pid!;
    expect(alive(pid)).toBe(true);
    await app.close();
    await until(() => !alive(pid), 5_000);
    expect(alive(pid)).toBe(false);
  });
});

/**
 * MCP benchmark (issue 16 point 6). (a) The overhead of an MCP tool call over streamable HTTP: the
 * tool run through Parley's MCP manager (the agent loop's path: SDK client, SSRF-guarded and
 * size-bounded fetch, result formatting) against the same call sent straight to the server as one
 * JSON-RPC POST; p95 of each and the difference (target ≤ 10 ms). The fixture server runs in its own
 * process. (b) 50 users calling an app-wide stdio server at once: one shared child process; and
 * 50 users of a per-user stdio server (its env names {{LIBRECHAT_USER_ID}}): pooled children, at
 * most MCP_USER_STDIO_MAX at once (idle ones closed for the next user); children, their memory and
 * call latency are printed.
 *
 *   npm run bench:mcp [-- --calls 300 --users 50]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { parseYamlConfig } from '../packages/server/src/config/yaml.ts';
import { secretBox } from '../packages/server/src/crypto/secret-box.ts';
import { openDatabase } from '../packages/server/src/db/index.ts';
import { createRepos } from '../packages/server/src/db/repos/index.ts';
import { MCP_USER_STDIO_MAX } from '../packages/server/src/mcp/limits.ts';
import { mcpManager } from '../packages/server/src/mcp/manager.ts';
import { toolKeys } from '../packages/server/src/tools/tool-keys.ts';
import { root } from './processes.ts';
import { numberArg, rssBytes } from './stack.ts';

const CALLS = numberArg('calls', 300);
const USERS = numberArg('users', 50);
const FIXTURE = path.join(root, 'packages/server/test/support/mcp-fixture.mjs');

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const fmt = (xs: number[]) =>
  `p50 ${quantile(xs, 0.5).toFixed(2)} ms, p95 ${quantile(xs, 0.95).toFixed(2)} ms`;

/** The HTTP fixture in a child process; resolves with its URL. */
function startFixture(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import('${FIXTURE}').then((m) => m.startHttpFixture()).then((f) => console.log(f.url));`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve) =>
    child.stdout!.once('data', (d) => resolve({ url: String(d).trim(), child })),
  );
}

/** One tools/call as a bare JSON-RPC POST in an initialized session (the baseline). */
async function directClient(url: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const post = (body: unknown) => fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const init = await post({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  headers['mcp-session-id'] = init.headers.get('mcp-session-id')!;
  headers['mcp-protocol-version'] = '2025-06-18';
  await init.text();
  await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).text();
  let id = 1;
  return async (text: string) => {
    const res = await post({
      jsonrpc: '2.0',
      id: id++,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text } },
    });
    const body = await res.text();
    if (!body.includes(`echo: ${text}`)) throw new Error(`unexpected answer: ${body.slice(0, 200)}`);
  };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-bench-mcp-'));
  const fixture = await startFixture();
  const yaml = parseYamlConfig(
    `
version: 1.2.1
mcpServers:
  remote: { type: streamable-http, url: "${fixture.url}" }
  shared: { command: node, args: ["${FIXTURE}", stdio] }
  peruser:
    command: node
    args: ["${FIXTURE}", stdio]
    env: { FOR_USER: "{{LIBRECHAT_USER_ID}}" }
`,
    {},
  ).config;
  const handle = await openDatabase({ databaseUrl: null, sqlitePath: path.join(dir, 'bench.db') });
  const repos = createRepos(handle.db);
  const box = secretBox('11'.repeat(32));
  const mcp = mcpManager({
    yaml: yaml.mcpServers,
    userServers: repos.mcpServers,
    toolKeys: toolKeys({ keys: repos.keys, box }),
    box,
    allowedPrivateHosts: [],
    log: pino({ level: 'silent' }),
    oauth: { redirectBase: 'http://127.0.0.1', stateKey: 'bench' },
  });
  const signal = () => ({ signal: AbortSignal.timeout(30_000) }) as never;
  try {
    // (a) overhead over streamable HTTP, calls interleaved so both see the same machine load.
    const direct = await directClient(fixture.url);
    const [echo] = (await mcp.toolDefs('bench-user', ['remote'])).tools.filter(
      (t) => t.name === 'echo_mcp_remote',
    );
    const viaParley = async (text: string) => {
      const r = await echo.run({ text }, signal());
      if (r.output !== `echo: ${text}`) throw new Error(`unexpected answer: ${r.output}`);
    };
    for (let i = 0; i < 30; i++) {
      await direct(`w${i}`);
      await viaParley(`w${i}`);
    }
    const d: number[] = [];
    const p: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      let t0 = performance.now();
      await direct(`c${i}`);
      d.push(performance.now() - t0);
      t0 = performance.now();
      await viaParley(`c${i}`);
      p.push(performance.now() - t0);
    }
    const overhead = quantile(p, 0.95) - quantile(d, 0.95);
    console.log(`MCP tool call over streamable HTTP (${CALLS} calls each, interleaved)`);
    console.log(`  direct JSON-RPC POST:   ${fmt(d)}`);
    console.log(`  through Parley's MCP:   ${fmt(p)}`);
    console.log(
      `  p95 overhead: ${overhead.toFixed(2)} ms (target ≤ 10 ms) ${overhead <= 10 ? 'OK' : 'OVER'}`,
    );
    console.log(`  p50 overhead: ${(quantile(p, 0.5) - quantile(d, 0.5)).toFixed(2)} ms`);

    // (b) 50 users on an app-wide stdio server: one process for all.
    const users = Array.from({ length: USERS }, (_, i) => `user-${i}`);
    const callAll = async (server: string) => {
      const times: number[] = [];
      await Promise.all(
        users.map(async (u) => {
          const [e] = (await mcp.toolDefs(u, [server])).tools.filter((t) => t.name === `echo_mcp_${server}`);
          for (let i = 0; i < 5; i++) {
            const t0 = performance.now();
            const r = await e.run({ text: u }, signal());
            if (r.output !== `echo: ${u}`) throw new Error(`unexpected answer: ${r.output}`);
            times.push(performance.now() - t0);
          }
        }),
      );
      return times;
    };
    let t0 = performance.now();
    const shared = await callAll('shared');
    const sharedPid = mcp.sharedConnection('shared')!.pid!;
    console.log(
      `\n${USERS} users × 5 calls on an app-wide stdio server (${(performance.now() - t0).toFixed(0)} ms in all)`,
    );
    console.log(
      `  processes: 1 (pid ${sharedPid}, RSS ${(rssBytes(sharedPid) / 1e6).toFixed(0)} MB); calls ${fmt(shared)}`,
    );

    // 50 users on a per-user stdio server: one pooled child per user, at most MCP_USER_CONNECTIONS_MAX.
    t0 = performance.now();
    const per = await callAll('peruser');
    const pids: number[] = [];
    for (const u of users) {
      const def = (await mcp.server(u, 'peruser'))!;
      const conn = await mcp.connectionFor(u, def, false);
      if (conn?.pid) pids.push(conn.pid);
    }
    const rss = pids.reduce((sum, pid) => sum + rssBytes(pid), 0);
    console.log(
      `\n${USERS} users × 5 calls on a per-user stdio server (${(performance.now() - t0).toFixed(0)} ms in all, starts included)`,
    );
    console.log(
      `  processes open at the end: ${pids.length} (stdio cap ${MCP_USER_STDIO_MAX}), RSS ${(rss / 1e6).toFixed(0)} MB in all, ${(rss / 1e6 / Math.max(1, pids.length)).toFixed(0)} MB each; calls ${fmt(per)}`,
    );
  } finally {
    await mcp.close();
    await handle.close();
    fixture.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

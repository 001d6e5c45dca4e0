import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CallToolResult, paths, type ToolCallRecord } from '@parley/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeConvo, makeMessage, makeUser } from './factories.ts';
import { upload } from './files-upload.ts';
import { authed, describeApp, dialects, type Session, startTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 17 point 3, the run button's side (doc 2 §3.10, §4.14, §5.8, §7): POST
 * /api/agents/tools/execute_code/call runs a block of a reply in the conversation's sandbox session
 * and keeps the outcome as the block's record; GET /api/agents/tools/calls lists them after a
 * reload. The sandbox is the real one (native CPython where bubblewrap works, else Deno); tests
 * that need numpy/pandas/matplotlib skip, with a warning, where Python runs without them.
 */

/** Each app gets its own sandbox directory: sessions of one test app never meet another's. */
const workDir = mkdtempSync(path.join(tmpdir(), 'parley-code-run-'));
// Every folder above the sessions must be traversable by the sandbox user (docs/sandbox.md).
chmodSync(workDir, 0o711);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
let apps = 0;
const codeEnv = () => ({ CODE_WORK_DIR: path.join(workDir, String(++apps)) });

const PLOT = [
  'import matplotlib.pyplot as plt',
  'plt.plot([1, 2, 3], [2, 4, 1])',
  'plt.title("sales")',
  'plt.savefig("plot.png", dpi=50)',
  'print("saved")',
].join('\n');

interface Convo {
  s: Session;
  conversationId: string;
  /** The reply whose blocks are run. */
  messageId: string;
}

describeApp('code run route', { env: codeEnv() }, (t) => {
  let science: string | null = null;
  beforeAll(async () => {
    const a = await t.app.ctx.codeExecutor.availability();
    if (!a.ok) throw new Error(`these tests need a sandbox engine: ${a.reason}`);
    if (a.engine !== 'native') science = `Python runs on ${a.engine} (no numpy, pandas or matplotlib)`;
    if (science) console.warn(`[code-run] skipping plot tests: ${science}`);
  }, 120_000);

  /** A user with one conversation: a question and the reply whose code blocks are run. */
  async function convo(s?: Session): Promise<Convo> {
    const user = s ?? (await makeUser(t));
    const c = await makeConvo(t, {
      userId: user.userId,
      tree: [
        ['q', '-'],
        ['a', 'q'],
      ],
    });
    return { s: user, conversationId: c.id, messageId: c.ids.a };
  }

  const call = (s: Session, body: Record<string, unknown>, toolId = 'execute_code') =>
    fetch(`${t.base}${paths.agentToolCall(toolId)}`, {
      method: 'POST',
      headers: authed(s),
      body: JSON.stringify(body),
    });
  const run = (c: Convo, code: string, extra: Record<string, unknown> = {}) =>
    call(c.s, {
      messageId: c.messageId,
      conversationId: c.conversationId,
      partIndex: 0,
      blockIndex: 0,
      lang: 'python',
      code,
      ...extra,
    });
  const records = async (s: Session, conversationId: string) => {
    const res = await fetch(`${t.base}${paths.agentToolCalls}?conversationId=${conversationId}`, {
      headers: authed(s),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as ToolCallRecord[];
  };
  /** The run button's throttle is one call a second per user (LibreChat's limiter). */
  const afterLimit = () => new Promise((r) => setTimeout(r, 1050));

  it('runs a block and answers what it printed, with the outcome', async () => {
    const c = await convo();
    const res = await run(c, 'print(6 * 7)');
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as CallToolResult;
    expect(body.result).toBe('42');
    expect(body.attachments).toEqual([]);
    expect(body.run).toMatchObject({
      status: 'ok',
      exitCode: 0,
      stdout: '42\n',
      stderr: '',
      truncated: false,
    });
  });

  it('JavaScript and TypeScript blocks run too (fence names as the web sends them)', async () => {
    const c = await convo();
    const js = (await (
      await run(c, 'console.log([1, 2, 3].map((n) => n * 2).join(","))', { lang: 'js' })
    ).json()) as CallToolResult;
    expect(js.result).toBe('2,4,6');
    await afterLimit();
    const ts = await run(c, 'const n: number = 5;\nconsole.log(n * n);', {
      lang: 'typescript',
      blockIndex: 1,
    });
    expect(((await ts.json()) as CallToolResult).result).toBe('25');
  });

  it('a failing block answers its error: status, exit code and stderr', async () => {
    const c = await convo();
    const body = (await (await run(c, 'print("before")\nraise ValueError("boom")')).json()) as CallToolResult;
    expect(body.run).toMatchObject({ status: 'error', exitCode: 1 });
    expect(body.run!.stderr).toContain('ValueError: boom');
    expect(body.result).toMatch(/^before\n[\s\S]*ValueError: boom/);
  });

  it('a matplotlib plot comes back as a PNG attachment, stored as the user’s file and downloadable by them only', async (ctx) => {
    if (science) ctx.skip();
    const c = await convo();
    const other = await makeUser(t);
    const res = await run(c, PLOT);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as CallToolResult;
    expect(body.result).toBe('saved');
    expect(body.attachments).toHaveLength(1);
    const [png] = body.attachments;
    expect(png).toMatchObject({ filename: 'plot.png', type: 'image/png' });
    expect(png.width).toBeGreaterThan(0);
    expect(png.height).toBeGreaterThan(0);
    expect(png.filepath).toBe(paths.fileDownload(c.s.userId, png.file_id!));

    const mine = await fetch(`${t.base}${png.filepath}`, { headers: authed(c.s) });
    expect(mine.status).toBe(200);
    const bytes = new Uint8Array(await mine.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(bytes.length).toBe(png.bytes);
    expect(JSON.parse(mine.headers.get('x-file-metadata')!)).toMatchObject({ source: 'execute_code' });
    // Another user reaches it neither under the owner's path nor under their own.
    expect((await fetch(`${t.base}${png.filepath}`, { headers: authed(other) })).status).toBe(404);
    const theirs = paths.fileDownload(other.userId, png.file_id!);
    expect((await fetch(`${t.base}${theirs}`, { headers: authed(other) })).status).toBe(404);
    // It is the user's file, on the reply it came from.
    const row = await t.app.ctx.repos.files.get(c.s.userId, png.file_id!);
    expect(row).toMatchObject({
      source: 'execute_code',
      conversation_id: c.conversationId,
      message_id: c.messageId,
    });
  });

  it('keeps the record: listed after a reload, replaced by a new run of the same block', async (ctx) => {
    if (science) ctx.skip();
    const c = await convo();
    const first = (await (await run(c, PLOT)).json()) as CallToolResult;
    await afterLimit();
    const second = (await (
      await run(c, 'print("block 2")', { partIndex: 0, blockIndex: 1 })
    ).json()) as CallToolResult;
    expect(second.result).toBe('block 2');

    const listed = await records(c.s, c.conversationId);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({
      toolId: 'execute_code',
      messageId: c.messageId,
      conversationId: c.conversationId,
      partIndex: 0,
      blockIndex: 0,
      result: 'saved',
      attachments: first.attachments,
      run: { status: 'ok', exitCode: 0 },
    });
    expect(Number.isNaN(Date.parse(listed[0].createdAt))).toBe(false);
    expect(listed[1]).toMatchObject({ blockIndex: 1, result: 'block 2', attachments: [] });

    // Running block 0 again replaces its record, and the file only the old record showed is gone.
    await afterLimit();
    const again = (await (await run(c, 'print("rerun")')).json()) as CallToolResult;
    expect(again.result).toBe('rerun');
    const now = await records(c.s, c.conversationId);
    expect(now).toHaveLength(2);
    expect(now.find((r) => r.blockIndex === 0)).toMatchObject({ result: 'rerun', attachments: [] });
    const old = first.attachments[0];
    expect((await fetch(`${t.base}${old.filepath}`, { headers: authed(c.s) })).status).toBe(404);
  });

  it("one session per conversation: a run sees the files of the conversation's earlier runs, no other conversation does", async () => {
    const c = await convo();
    await run(c, 'open("state.txt", "w").write("kept")\nprint("written")');
    await afterLimit();
    const read = 'import os\nprint(open("state.txt").read() if os.path.exists("state.txt") else "absent")';
    expect(((await (await run(c, read, { blockIndex: 1 })).json()) as CallToolResult).result).toBe('kept');
    await afterLimit();
    const elsewhere = await convo(c.s);
    expect(((await (await run(elsewhere, read)).json()) as CallToolResult).result).toBe('absent');
  });

  it("copies the files attached along the reply's branch into the working directory", async () => {
    const s = await makeUser(t);
    const up = await upload(t, s, 'data.csv', 'region,sales\nnorth,10\nsouth,32\n', {
      claimedType: 'text/csv',
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const file = await up.json();
    const c = await makeConvo(t, { userId: s.userId });
    const question = await makeMessage(t, {
      userId: s.userId,
      conversationId: c.id,
      text: 'Sum the sales',
      files: [{ file_id: file.file_id, filename: 'data.csv', type: 'text/csv' }],
    });
    const reply = await makeMessage(t, {
      userId: s.userId,
      conversationId: c.id,
      parentMessageId: question.message_id,
      isCreatedByUser: false,
    });
    const code = 'import csv\nprint(sum(int(r["sales"]) for r in csv.DictReader(open("data.csv"))))';
    const res = await run({ s, conversationId: c.id, messageId: reply.message_id }, code);
    expect(((await res.json()) as CallToolResult).result).toBe('42');
  });

  it('refuses an empty block and a language it does not know, naming the field (doc 2 §5.8)', async () => {
    const c = await convo();
    const empty = await run(c, '   \n');
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toMatchObject({ code: 'validation', field: 'code' });
    await afterLimit();
    const cobol = await run(c, 'DISPLAY "HI".', { lang: 'cobol' });
    expect(cobol.status).toBe(400);
    expect((await cobol.json()).error).toMatchObject({
      code: 'validation',
      field: 'lang',
      message: 'The language is not recognised.',
    });
  });

  it('only execute_code can be called; the message must be one of the user’s, in that conversation', async () => {
    const c = await convo();
    const other = await convo(c.s);
    const body = {
      messageId: c.messageId,
      conversationId: c.conversationId,
      partIndex: 0,
      blockIndex: 0,
      lang: 'py',
      code: 'print(1)',
    };
    const web = await call(c.s, body, 'web_search');
    expect(web.status).toBe(404);
    expect((await web.json()).error.message).toBe('Tool not found.');
    await afterLimit();
    const wrongConvo = await run(c, 'print(1)', { conversationId: other.conversationId });
    expect(wrongConvo.status).toBe(404);
    expect((await wrongConvo.json()).error.code).toBe('message_not_found');
    await afterLimit();
    const unknown = await run(c, 'print(1)', { messageId: 'no-such-message' });
    expect(unknown.status).toBe(404);
  });

  it("another user can neither run against a user's reply nor list its records", async () => {
    const a = await convo();
    expect((await run(a, 'print("mine")')).status).toBe(200);
    const b = await makeUser(t);
    const res = await run({ ...a, s: b }, 'print(open("/etc/hostname").read())');
    expect(res.status).toBe(404);
    expect(await records(b, a.conversationId)).toEqual([]);
    expect(await records(a.s, a.conversationId)).toHaveLength(1);
  });

  it('answers 429 to a second call within a second (one call a second per user)', async () => {
    const c = await convo();
    const [one, two] = await Promise.all([run(c, 'print(1)'), run(c, 'print(2)', { blockIndex: 1 })]);
    const statuses = [one.status, two.status].sort();
    expect(statuses).toEqual([200, 429]);
    const refused = one.status === 429 ? one : two;
    expect((await refused.json()).error).toMatchObject({
      code: 'rate_limited',
      message: 'Too many tool call requests. Try again later',
    });
    // Another user is not held back by this one.
    const other = await convo();
    expect((await run(other, 'print(3)')).status).toBe(200);
  });

  it('needs the run-code use permission (403 without it)', async () => {
    const c = await convo();
    const { roles } = t.app.ctx.repos;
    await roles.updatePermissions('USER', 'RUN_CODE', { USE: false });
    try {
      const res = await run(c, 'print(1)');
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('forbidden');
    } finally {
      await roles.updatePermissions('USER', 'RUN_CODE', { USE: true });
    }
    await afterLimit();
    expect((await run(c, 'print(1)')).status).toBe(200);
  });

  it('the tool auth status says the tool is ready (system defined), and the startup config offers it', async () => {
    const s = await makeUser(t);
    const res = await fetch(`${t.base}${paths.agentToolAuth('execute_code')}`, { headers: authed(s) });
    expect(await res.json()).toEqual({ authenticated: true, message: 'system_defined' });
    const config = await (await fetch(`${t.base}/api/config`)).json();
    expect(config.executeCode).toBe(true);
  });

  it('the records go with their conversation', async () => {
    const c = await convo();
    expect((await run(c, 'print(1)')).status).toBe(200);
    const del = await fetch(`${t.base}/api/convos`, {
      method: 'DELETE',
      headers: authed(c.s),
      body: JSON.stringify({ arg: { conversationId: c.conversationId } }),
    });
    expect(del.status, await del.clone().text()).toBe(201);
    expect(await records(c.s, c.conversationId)).toEqual([]);
    const rows = await t.app.ctx.db
      .selectFrom('tool_calls')
      .select('message_id')
      .where('user_id', '=', c.s.userId)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe.each(dialects)('code run without a sandbox engine (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { ...codeEnv(), CODE_EXECUTOR: 'off' } });
  });
  afterAll(async () => t?.close());
  let s: Session;
  beforeEach(async () => {
    s = await makeUser(t);
  });

  it('answers 503 code_unavailable with the reason, runs nothing, and says so in the auth status and config', async () => {
    const c = await makeConvo(t, {
      userId: s.userId,
      tree: [
        ['q', '-'],
        ['a', 'q'],
      ],
    });
    const res = await fetch(`${t.base}${paths.agentToolCall('execute_code')}`, {
      method: 'POST',
      headers: authed(s),
      body: JSON.stringify({
        messageId: c.ids.a,
        conversationId: c.id,
        partIndex: 0,
        blockIndex: 0,
        lang: 'py',
        code: 'print(1)',
      }),
    });
    expect(res.status).toBe(503);
    const { error } = await res.json();
    expect(error.code).toBe('code_unavailable');
    expect(error.message).toContain('CODE_EXECUTOR=off');
    expect(await t.app.ctx.db.selectFrom('tool_calls').selectAll().execute()).toEqual([]);

    const auth = await (
      await fetch(`${t.base}${paths.agentToolAuth('execute_code')}`, { headers: authed(s) })
    ).json();
    expect(auth).toMatchObject({ authenticated: false, message: 'system_defined' });
    expect(auth.reason).toContain('CODE_EXECUTOR=off');
    const config = await (await fetch(`${t.base}/api/config`)).json();
    expect(config.executeCode).toBe(false);
  });
});

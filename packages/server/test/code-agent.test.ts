import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileUploadResult, Message, SseFrame, ToolCall } from '@parley/schema';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeAgent, makeUser } from './factories.ts';
import { upload } from './files-upload.ts';
import {
  authed,
  describeApp,
  finalFrame,
  postChat,
  readFrames,
  type Session,
  type TestApp,
} from './helpers.ts';

/**
 * Issue 17 point 3, the agents' side: `execute_code` in the tool loop. The fake model calls it with
 * pandas code that reads the CSV the user attached (or the agent holds) and plots; the call's
 * output says what the code printed and the plot is an attachment of the tool call part, streamed
 * and saved. A plain chat gets the tool from its execute_code toggle, with the run-code permission.
 */

const workDir = mkdtempSync(path.join(tmpdir(), 'parley-code-agent-'));
// Every folder above the sessions must be traversable by the sandbox user (docs/sandbox.md).
chmodSync(workDir, 0o711);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const SALES = 'region,sales\nnorth,10\nsouth,32\neast,7\n';

const ANALYSE = [
  'import pandas as pd',
  'import matplotlib.pyplot as plt',
  'df = pd.read_csv("sales.csv")',
  'print("total sales:", df["sales"].sum())',
  'df.plot.bar(x="region", y="sales")',
  'plt.savefig("sales.png", dpi=50)',
].join('\n');

const calls = (m: Message): ToolCall[] =>
  (m.content ?? []).flatMap((p) => (p.type === 'tool_call' ? [p.tool_call] : []));

/** The next request asking `question` calls execute_code with this code (then the default reply). */
const codeCall = (t: TestApp, question: string, code: string, lang = 'py') =>
  t.fake.enqueue(
    { provider: 'openai', match: { lastUserText: question } },
    { steps: [{ type: 'tool_call', name: 'execute_code', args: { lang, code } }], finish: 'tool' },
  );

async function uploaded(t: TestApp, s: Session, name: string, text: string, fields: Record<string, string>) {
  const res = await upload(t, s, name, text, { fields, claimedType: 'text/csv' });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as FileUploadResult;
}

describeApp('execute_code in the agent loop', { env: { CODE_WORK_DIR: workDir } }, (t) => {
  let science: string | null = null;
  beforeAll(async () => {
    const a = await t.app.ctx.codeExecutor.availability();
    if (!a.ok) throw new Error(`these tests need a sandbox engine: ${a.reason}`);
    if (a.engine !== 'native') science = `Python runs on ${a.engine} (no pandas or matplotlib)`;
    if (science) console.warn(`[code-agent] skipping pandas tests: ${science}`);
  }, 120_000);

  it('reads the CSV the user attached, prints a computed value and returns the plot as an attachment, saved', async (ctx) => {
    if (science) ctx.skip();
    const s = await makeUser(t);
    const agent = await makeAgent(t, s.userId, { tools: ['execute_code'] });
    const csv = await uploaded(t, s, 'sales.csv', SALES, {
      endpoint: 'agents',
      tool_resource: 'execute_code',
    });
    const question = 'What are the total sales? Plot them.';
    codeCall(t, question, ANALYSE);
    const frames = await readFrames(
      await postChat(t, s, {
        endpoint: 'agents',
        agent_id: agent.id,
        model: 'ignored',
        text: question,
        files: [{ file_id: csv.file_id }],
      }),
    );
    const done = finalFrame(frames);
    const [call] = calls(done.responseMessage);
    expect(call.name).toBe('execute_code');
    expect(call.output).toContain('status: ok');
    expect(call.output).toContain('total sales: 49');
    expect(call.output).toContain('sales.png');
    expect(call.attachments).toHaveLength(1);
    const [plot] = call.attachments!;
    expect(plot).toMatchObject({ filename: 'sales.png', type: 'image/png', toolCallId: call.id });
    expect(plot.width).toBeGreaterThan(0);
    const image = await fetch(`${t.base}${plot.filepath}`, { headers: authed(s) });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    // Streamed with the call's completion, as the web follows it live.
    const completed = frames
      .map((f) => f.data)
      .find(
        (d): d is Extract<SseFrame, { event: 'on_run_step_completed' }> =>
          'event' in d && d.event === 'on_run_step_completed',
      );
    expect(completed?.data.result.tool_call.attachments).toEqual(call.attachments);

    // Saved with the reply: a reload shows the same call and plot.
    const saved = (await (
      await fetch(`${t.base}/api/messages/${done.conversation.conversationId}`, { headers: authed(s) })
    ).json()) as Message[];
    const reply = saved.find((m) => !m.isCreatedByUser)!;
    expect(calls(reply)[0]).toMatchObject({ output: call.output, attachments: call.attachments });

    // The model was told where the file is (it is not read into the prompt).
    const first = t.fake.journal
      .all()
      .filter((e) => e.kind === 'generate')
      .find((e) => JSON.stringify(e.request).includes(question));
    expect(JSON.stringify(first?.request)).toContain('/mnt/data/sales.csv');
  });

  it("the agent's own code files are there too, and the conversation's session keeps files between calls", async (ctx) => {
    if (science) ctx.skip();
    const s = await makeUser(t);
    const author = await makeUser(t);
    const held = await uploaded(t, author, 'sales.csv', SALES, {
      endpoint: 'agents',
      tool_resource: 'execute_code',
    });
    const agent = await makeAgent(
      t,
      author.userId,
      { tools: ['execute_code'], tool_resources: { execute_code: { file_ids: [held.file_id] } } },
      { isPublic: true },
    );
    const question = 'Summarise the sales file.';
    codeCall(
      t,
      question,
      'import pandas as pd\nd = pd.read_csv("sales.csv")\nd.to_csv("copy.csv")\nprint(len(d))',
    );
    const first = finalFrame(
      await readFrames(
        await postChat(t, s, { endpoint: 'agents', agent_id: agent.id, model: 'x', text: question }),
      ),
    );
    const [call] = calls(first.responseMessage);
    expect(call.output).toContain('stdout:\n3');
    expect(call.attachments?.map((a) => a.filename)).toEqual(['copy.csv']);
    // Stored as the user's file, not the agent author's.
    expect(call.attachments![0].filepath).toContain(s.userId);

    const again = 'And once more.';
    codeCall(t, again, 'import os\nprint(sorted(os.listdir(".")))');
    const next = finalFrame(
      await readFrames(
        await postChat(t, s, {
          endpoint: 'agents',
          agent_id: agent.id,
          model: 'x',
          text: again,
          conversationId: first.conversation.conversationId,
          parentMessageId: first.responseMessage.messageId,
        }),
      ),
    );
    expect(calls(next.responseMessage)[0].output).toContain("['copy.csv', 'sales.csv']");
  });

  it('a plain chat with the execute_code toggle gets the tool; without the run-code permission it does not', async () => {
    const s = await makeUser(t);
    const question = 'Compute 2**10 for me.';
    codeCall(t, question, 'print(2 ** 10)');
    const done = finalFrame(
      await readFrames(await postChat(t, s, { text: question, ephemeralAgent: { execute_code: true } })),
    );
    const [call] = calls(done.responseMessage);
    expect(call.output).toContain('stdout:\n1024');
    expect(done.conversation).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o' });

    const { roles } = t.app.ctx.repos;
    await roles.updatePermissions('USER', 'RUN_CODE', { USE: false });
    try {
      t.fake.reset();
      const plain = finalFrame(
        await readFrames(
          await postChat(t, s, {
            text: 'Hello [[fake:steps=1 tools=execute_code]]',
            ephemeralAgent: { execute_code: true },
          }),
        ),
      );
      expect(calls(plain.responseMessage)).toHaveLength(0);
      const request = t.fake.journal.all().find((e) => e.kind === 'generate')?.request;
      expect(request?.tools ?? []).toEqual([]);
    } finally {
      await roles.updatePermissions('USER', 'RUN_CODE', { USE: true });
    }
  });

  it('a failing run is the call’s output, not a broken reply', async () => {
    const s = await makeUser(t);
    const agent = await makeAgent(t, s.userId, { tools: ['execute_code'] });
    const question = 'Divide by zero.';
    codeCall(t, question, 'print(1 / 0)');
    const done = finalFrame(
      await readFrames(
        await postChat(t, s, { endpoint: 'agents', agent_id: agent.id, model: 'x', text: question }),
      ),
    );
    const [call] = calls(done.responseMessage);
    expect(call.output).toContain('status: error (exit code 1)');
    expect(call.output).toContain('ZeroDivisionError');
    expect(done.responseMessage.error).toBe(false);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ImportJob, type Message, NO_PARENT } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, dialects, type Session, signUp, startTestApp, type TestApp } from './helpers.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures/import');
const fixture = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');

function upload(t: TestApp, s: Session, text: string, filename = 'export.json') {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'application/json' }), encodeURIComponent(filename));
  return fetch(`${t.base}/api/convos/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}` },
    body: form,
  });
}

async function waitForJob(t: TestApp, s: Session, jobId: string): Promise<ImportJob> {
  for (;;) {
    const res = await fetch(`${t.base}/api/convos/import/${jobId}`, { headers: authed(s) });
    expect(res.status).toBe(200);
    const job = (await res.json()) as ImportJob;
    if (job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function importFile(t: TestApp, s: Session, text: string): Promise<ImportJob> {
  const res = await upload(t, s, text);
  expect(res.status).toBe(201);
  const started = (await res.json()) as ImportJob & { message: string };
  expect(started.message).toBeTruthy();
  return waitForJob(t, s, started.jobId);
}

async function listTitles(t: TestApp, s: Session): Promise<Map<string, string>> {
  const res = await fetch(`${t.base}/api/convos?limit=100`, { headers: authed(s) });
  const body = (await res.json()) as { conversations: { conversationId: string; title: string }[] };
  return new Map(body.conversations.map((c) => [c.title, c.conversationId]));
}

async function messagesOf(t: TestApp, s: Session, id: string): Promise<Message[]> {
  const res = await fetch(`${t.base}/api/messages/${id}`, { headers: authed(s) });
  expect(res.status).toBe(200);
  return (await res.json()) as Message[];
}

/** "parent text > child text" for every message: the tree in one comparable list. */
function edges(messages: Message[]): string[] {
  const byId = new Map(messages.map((m) => [m.messageId, m]));
  return messages
    .map((m) => `${m.parentMessageId === NO_PARENT ? 'ROOT' : byId.get(m.parentMessageId)?.text} > ${m.text}`)
    .sort();
}

describe.each(dialects)('conversation import (%s)', (dialect) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    alice = await signUp(t, 'Alice');
    bob = await signUp(t, 'Bob');
  });
  afterAll(() => t?.close());

  it('needs a signed-in user', async () => {
    const res = await fetch(`${t.base}/api/convos/import`, { method: 'POST', body: new FormData() });
    expect(res.status).toBe(401);
  });

  it('imports a ChatGPT export with its branches and times', async () => {
    const job = await importFile(t, alice, fixture('chatgpt.json'));
    expect(job).toMatchObject({
      status: 'done',
      format: 'chatgpt',
      total: 2,
      done: 2,
      imported: 2,
      error: null,
    });
    const titles = await listTitles(t, alice);
    const id = titles.get('Sourdough starter schedule')!;
    expect(id).toBeTruthy();
    expect(id).not.toBe('6632a0e0-0000-4000-9000-000000000001');
    const messages = await messagesOf(t, alice, id);
    expect(edges(messages)).toEqual(
      [
        'ROOT > How often should I feed a new sourdough starter?',
        'How often should I feed a new sourdough starter? > Feed it once a day at room temperature for the first week, discarding half before each feed.',
        'Feed it once a day at room temperature for the first week, discarding half before each feed. > And if I keep it in the fridge?',
        'And if I keep it in the fridge? > In the fridge, once a week is enough.',
        'Feed it once a day at room temperature for the first week, discarding half before each feed. > What if I keep it in the fridge between bakes?',
        'What if I keep it in the fridge between bakes? > Between bakes, feed it weekly and give it two room-temperature feeds before baking.',
      ].sort(),
    );
    const first = messages.find((m) => m.parentMessageId === NO_PARENT)!;
    expect(first.createdAt).toBe(1714557601500);
    const convo = await (await fetch(`${t.base}/api/convos/${id}`, { headers: authed(alice) })).json();
    expect(convo).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o', createdAt: 1714557600123 });
  });

  it('imports Claude, Chatbot UI and our own exports (flat and recursive)', async () => {
    for (const [file, format, count] of [
      ['claude.json', 'claude', 2],
      ['chatbot-ui.json', 'chatbot-ui', 2],
      ['parley-recursive.json', 'parley', 1],
      ['librechat-flat.json', 'parley', 1],
    ] as const) {
      const job = await importFile(t, alice, fixture(file));
      expect(job, file).toMatchObject({ status: 'done', format, imported: count });
    }
    const titles = await listTitles(t, alice);
    const trip = await messagesOf(t, alice, titles.get('Trip packing list')!);
    expect(trip).toHaveLength(6);
    const branchPoint = trip.find((m) => m.text.startsWith('Bring layers'))!;
    expect(trip.filter((m) => m.parentMessageId === branchPoint.messageId)).toHaveLength(2);
    expect(branchPoint.content?.[0]).toEqual({
      type: 'think',
      think: 'Three days means layers, water and a first-aid kit.',
    });

    const regex = await messagesOf(t, alice, titles.get('Regex for dates')!);
    expect(regex.map((m) => m.sender)).toEqual(['User', 'GPT-4', 'User', 'GPT-4']);
    const regexConvo = await (
      await fetch(`${t.base}/api/convos/${titles.get('Regex for dates')}`, { headers: authed(alice) })
    ).json();
    expect(regexConvo.parameters).toMatchObject({ temperature: 0.7 });

    const cat = await messagesOf(t, alice, titles.get('Naming a cat')!);
    expect(edges(cat)).toEqual(
      [
        'ROOT > Suggest a name for a grey cat.',
        'Suggest a name for a grey cat. > How about Ash?',
        'Suggest a name for a grey cat. > Maybe Smokey, or Pebble.',
        'Maybe Smokey, or Pebble. > Pebble it is!',
      ].sort(),
    );
    expect(cat.find((m) => m.text === 'Maybe Smokey, or Pebble.')).toMatchObject({ unfinished: true });
    expect(titles.has('Bash loop')).toBe(true);
  });

  it('accepts a raw JSON body as well as multipart', async () => {
    const res = await fetch(`${t.base}/api/convos/import`, {
      method: 'POST',
      headers: authed(bob),
      body: fixture('librechat-flat.json'),
    });
    expect(res.status).toBe(201);
    const job = await waitForJob(t, bob, ((await res.json()) as ImportJob).jobId);
    expect(job.imported).toBe(1);
  });

  it("keeps each user's imports and jobs to themselves", async () => {
    const res = await upload(t, alice, fixture('chatbot-ui.json'));
    const { jobId } = (await res.json()) as ImportJob;
    await waitForJob(t, alice, jobId);
    const peek = await fetch(`${t.base}/api/convos/import/${jobId}`, { headers: authed(bob) });
    expect(peek.status).toBe(404);
    expect((await peek.json()).error.code).toBe('import_job_not_found');
    const bobs = await listTitles(t, bob);
    expect([...bobs.keys()]).toEqual(['Bash loop']);
    const aliceTitles = await listTitles(t, alice);
    const other = await fetch(`${t.base}/api/messages/${aliceTitles.get('Haiku')}`, { headers: authed(bob) });
    expect(other.status).toBe(404);
  });

  it('keeps tool calls, their attachments and message files, and only for their owner', async () => {
    const dave = await signUp(t, 'Dave');
    const job = await importFile(t, dave, fixture('librechat-tools.json'));
    expect(job).toMatchObject({ status: 'done', format: 'parley', imported: 1 });
    const id = (await listTitles(t, dave)).get('Tool calls tour')!;
    const [question, reply] = await messagesOf(t, dave, id);

    // Only the fields shown are kept; the entry without a name is dropped.
    expect(question.files).toEqual([
      {
        file_id: 'f-chart',
        filename: 'chart.png',
        filepath: '/images/64d4f005d73ef522e1f48818/missing-chart.png',
        type: 'image/png',
        width: 640,
        height: 480,
        bytes: 20480,
      },
      {
        file_id: 'f-notes',
        filename: 'field-notes.pdf',
        filepath: '/uploads/64d4f005d73ef522e1f48818/field-notes.pdf',
        type: 'application/pdf',
        bytes: 2048,
      },
    ]);
    expect(reply.files).toBeUndefined();

    const calls = (reply.content ?? []).flatMap((p) => (p.type === 'tool_call' ? [p.tool_call] : []));
    // The call without an id is dropped; the rest keep their order and kinds.
    expect(calls.map((c) => c.id)).toEqual([
      'call_weather',
      'call_search',
      'call_slow',
      'call_code',
      'call_ci',
      'call_auth',
      'call_chart',
    ]);
    expect(calls[2]).toEqual({
      id: 'call_slow',
      type: 'tool_call',
      name: 'slow_lookup',
      args: '{}',
      progress: 0.5,
    });
    // A bad output entry goes; the good one stays.
    expect(calls[4].code_interpreter).toEqual({
      input: 'sum(range(10))',
      outputs: [{ type: 'logs', logs: '45' }],
    });
    expect(calls[5]).toMatchObject({
      auth: 'https://auth.example.com/oauth/start?state=abc',
      expires_at: 4102444800000,
    });
    // The message-level attachment moved onto the call that made it.
    expect(calls[6].attachments).toEqual([
      expect.objectContaining({ toolCallId: 'call_chart', filename: 'plot.png', width: 300, height: 200 }),
    ]);
    expect(reply.content?.at(-1)).toEqual({ type: 'text', text: 'All done.' });

    // Another user sees none of it.
    const peek = await fetch(`${t.base}/api/messages/${id}`, { headers: authed(bob) });
    expect(peek.status).toBe(404);
  });

  it('shares message files without their ids', async () => {
    const erin = await signUp(t, 'Erin');
    await importFile(t, erin, fixture('librechat-tools.json'));
    const id = (await listTitles(t, erin)).get('Tool calls tour')!;
    const res = await fetch(`${t.base}/api/share/${id}`, { method: 'POST', headers: authed(erin) });
    expect(res.status).toBe(200);
    const { shareId } = (await res.json()) as { shareId: string };
    const shared = (await (await fetch(`${t.base}/api/share/${shareId}`)).json()) as { messages: Message[] };
    const files = shared.messages.find((m) => m.isCreatedByUser)?.files;
    expect(files?.map((f) => f.filename)).toEqual(['chart.png', 'field-notes.pdf']);
    expect(files?.every((f) => f.file_id === undefined)).toBe(true);
  });

  it('rejects files it cannot read, with the spec texts', async () => {
    const notJson = await upload(t, alice, '{"conversationId": ');
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.code).toBe('import_invalid');

    const unknown = await upload(t, alice, JSON.stringify({ hello: 'world' }));
    expect(unknown.status).toBe(400);
    const body = await unknown.json();
    expect(body.error.message).toContain('Unsupported import type');

    const notDotJson = await upload(t, alice, fixture('chatgpt.json'), 'chats.txt');
    expect(notDotJson.status).toBe(400);
    expect((await notDotJson.json()).error.message).toContain('Unsupported import type');

    const form = new FormData();
    form.append('other', 'x');
    const noFile = await fetch(`${t.base}/api/convos/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}` },
      body: form,
    });
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).error.code).toBe('import_no_file');
  });

  it('imports 10k conversations in the background while the list stays responsive', {
    timeout: 180_000,
  }, async () => {
    const carol = await signUp(t, 'Carol');
    const N = 10_000;
    const convos = Array.from({ length: N }, (_, i) => {
      const t0 = 1_700_000_000 + i * 60;
      const node = (id: string, parent: string | null, role: string | null, text: string, at: number) => ({
        id,
        parent,
        children: [],
        message: role
          ? {
              id,
              author: { role },
              create_time: at,
              content: { content_type: 'text', parts: [text] },
              metadata: role === 'assistant' ? { model_slug: 'gpt-4o' } : {},
              recipient: 'all',
            }
          : null,
      });
      return {
        title: `Synthetic ${i}`,
        create_time: t0,
        update_time: t0 + 30,
        mapping: {
          r: node('r', null, null, '', t0),
          u1: node('u1', 'r', 'user', `Question ${i}`, t0 + 1),
          a1: node('a1', 'u1', 'assistant', `Answer ${i} `.repeat(10), t0 + 2),
          u2: node('u2', 'a1', 'user', `Follow-up ${i}`, t0 + 10),
          a2: node('a2', 'u2', 'assistant', `Second answer ${i}`, t0 + 11),
        },
      };
    });
    const started = Date.now();
    const res = await upload(t, carol, JSON.stringify(convos));
    expect(res.status).toBe(201);
    const { jobId } = (await res.json()) as ImportJob;
    // One import at a time per user: each holds its parsed file in memory.
    const second = await upload(t, carol, fixture('librechat-flat.json'));
    expect(second.status).toBe(429);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe('import_busy');

    // While the job runs, the sidebar list keeps answering quickly.
    const latencies: number[] = [];
    let job: ImportJob;
    for (;;) {
      const t1 = performance.now();
      const list = await fetch(`${t.base}/api/convos?limit=25`, { headers: authed(carol) });
      expect(list.status).toBe(200);
      await list.json();
      latencies.push(performance.now() - t1);
      job = (await (
        await fetch(`${t.base}/api/convos/import/${jobId}`, { headers: authed(carol) })
      ).json()) as ImportJob;
      if (job.status !== 'running') break;
      expect(job.done).toBeLessThanOrEqual(N);
    }
    const duration = Date.now() - started;
    expect(job).toMatchObject({ status: 'done', total: N, done: N, imported: N });
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    // A blocked event loop would hold the list for a whole batch run (seconds); a busy CI machine
    // alone has pushed a list answer to 0.8 s, so the bound is loose and the ratio is the guard.
    expect(Math.max(...latencies)).toBeLessThan(2000);
    expect(Math.max(...latencies)).toBeLessThan(duration / 2);

    const first = (await (
      await fetch(`${t.base}/api/convos?limit=1`, { headers: authed(carol) })
    ).json()) as {
      conversations: { conversationId: string; title: string }[];
    };
    expect(first.conversations[0].title).toBe(`Synthetic ${N - 1}`);
    const thread = await messagesOf(t, carol, first.conversations[0].conversationId);
    expect(thread).toHaveLength(4);
    // The slot came back with the finished job.
    expect((await importFile(t, carol, fixture('librechat-flat.json'))).status).toBe('done');
  });
});

describe('import size limit', () => {
  let t: TestApp;
  let s: Session;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { env: { CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES: '2048' } });
    s = await signUp(t);
  });
  afterAll(() => t?.close());

  it('refuses a file over CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES and reports the limit', async () => {
    const big = await upload(t, s, fixture('chatgpt.json'));
    expect(big.status).toBe(413);
    expect((await big.json()).error.code).toBe('import_too_large');
    const config = await (await fetch(`${t.base}/api/config`)).json();
    expect(config.conversationImportMaxFileSize).toBe(2048);
    const small = await upload(t, s, fixture('librechat-flat.json'));
    expect(small.status).toBe(201);
  });
});

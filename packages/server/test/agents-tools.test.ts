import {
  type FileUploadResult,
  INSTANCE_PROJECT_ID,
  type Message,
  paths,
  type SseFrame,
  type ToolCall,
} from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolProvider } from '../src/tools/types.ts';
import { agentApi } from './agents-api.ts';
import { makeAgent, makeUser } from './factories.ts';
import { upload } from './files-upload.ts';
import {
  authed,
  dialects,
  finalFrame,
  postChat,
  readFrames,
  type Session,
  startTestApp,
  type TestApp,
} from './helpers.ts';

/**
 * Issue 15 points 3 and 7: the file_search tool reads the agent's knowledge files as their uploaders
 * and the user's own attachments, never anything else; context files and the date go into the
 * instructions; capabilities and allowedProviders gate agents at run time; every step is charged
 * and a step is refused once the balance is spent.
 */
const chatAgent = (
  t: TestApp,
  s: Session,
  agentId: string,
  text: string,
  extra: Record<string, unknown> = {},
) => postChat(t, s, { endpoint: 'agents', agent_id: agentId, model: 'ignored', text, ...extra });

async function uploaded(t: TestApp, s: Session, name: string, text: string, toolResource?: string) {
  const res = await upload(t, s, name, text, {
    fields: { endpoint: 'agents', ...(toolResource ? { tool_resource: toolResource } : {}) },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as FileUploadResult;
}

const garden = [
  '# Garden log',
  ...Array.from({ length: 40 }, (_, i) => `Week ${i + 1}: watered the beans and weeded the rows.`),
  'The secret ingredient for the compost is crushed eggshells.',
].join('\n\n');

/**
 * The next OpenAI request (asking `question`, when given: a title request may come in between)
 * calls file_search with this query (one round), then the default reply.
 */
const searchFor = (t: TestApp, query: string, question?: string) =>
  t.fake.enqueue(
    { provider: 'openai', ...(question ? { match: { lastUserText: question } } : {}) },
    { steps: [{ type: 'tool_call', name: 'file_search', args: { query } }], finish: 'tool' },
  );

const calls = (m: Message): ToolCall[] =>
  (m.content ?? []).flatMap((p) => (p.type === 'tool_call' ? [p.tool_call] : []));

describe.each(dialects)('agent tools (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it("file_search reads the shared agent's knowledge as its author, cites it, and reaches nothing else", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const knowledge = await uploaded(t, a, 'garden.md', garden, 'file_search');
    await uploaded(
      t,
      a,
      'vault.md',
      'The vault code is 4321. The vault is behind the painting.',
      'file_search',
    );
    const agent = await makeAgent(
      t,
      a.userId,
      { tools: ['file_search'], tool_resources: { file_search: { file_ids: [knowledge.file_id] } } },
      { isPublic: true },
    );

    searchFor(t, 'secret ingredient compost');
    const done = finalFrame(await readFrames(await chatAgent(t, b, agent.id, 'What goes in the compost?')));
    const [call] = calls(done.responseMessage);
    expect(call.name).toBe('file_search');
    expect(call.output).toContain('crushed eggshells');
    expect(call.output).toContain('[1] garden.md');
    const cited = done.responseMessage.citations!;
    expect(cited[0]).toMatchObject({ file_id: knowledge.file_id, filename: 'garden.md' });
    // Kept with the reply for the web's [n] markers.
    const saved = (await (
      await fetch(`${t.base}/api/messages/${done.conversation.conversationId}`, { headers: authed(b) })
    ).json()) as Message[];
    expect(saved.find((m) => !m.isCreatedByUser)!.citations).toEqual(cited);

    // A's other file is not the agent's: no query reaches it, whoever asks.
    searchFor(t, 'vault code painting');
    const other = finalFrame(await readFrames(await chatAgent(t, b, agent.id, 'What is the vault code?')));
    expect(calls(other.responseMessage)[0].output).not.toContain('4321');
  });

  it("file_search reads a collaborator's knowledge file (as its uploader) for every user, who still cannot open it", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const c = await makeUser(t);
    const api = agentApi(t);
    const agent = await api.create(a, { tools: ['file_search'] });
    const share = (body: Record<string, unknown>) => api.call(a, 'PATCH', paths.agent(agent.id), body);
    expect((await share({ projectIds: [INSTANCE_PROJECT_ID] })).status).toBe(200);
    // Attaching needs the right to edit: shared for use only, B is refused (and keeps no file).
    const refused = await upload(t, b, 'early.md', 'Early notes', {
      fields: { endpoint: 'agents', agent_id: agent.id, tool_resource: 'file_search' },
    });
    expect(refused.status).toBe(403);
    expect((await share({ isCollaborative: true })).status).toBe(200);
    const attached = await upload(t, b, 'garden.md', garden, {
      fields: { endpoint: 'agents', agent_id: agent.id, tool_resource: 'file_search' },
    });
    expect(attached.status, await attached.clone().text()).toBe(200);
    const bFile = (await attached.json()) as FileUploadResult;
    // B's other file is not the agent's: no query reaches it.
    await uploaded(
      t,
      b,
      'vault.md',
      'The vault code is 4321. The vault is behind the painting.',
      'file_search',
    );

    searchFor(t, 'secret ingredient compost', 'What goes in the compost?');
    const frames = await readFrames(await chatAgent(t, c, agent.id, 'What goes in the compost?'));
    const done = finalFrame(frames);
    // The search says how far it got while it runs: searching, then searched.
    const progress = frames.flatMap((f) => {
      const d = f.data as Extract<SseFrame, { event: 'on_run_step_delta' }>;
      return d.event === 'on_run_step_delta' ? d.data.delta.tool_calls.map((c) => c.progress) : [];
    });
    expect(progress.filter((p) => p !== undefined)).toEqual([0.3, 0.9]);
    const [call] = calls(done.responseMessage);
    expect(call.output).toContain('crushed eggshells');
    expect(done.responseMessage.citations![0]).toMatchObject({
      file_id: bFile.file_id,
      filename: 'garden.md',
    });
    searchFor(t, 'vault code painting', 'What is the vault code?');
    const other = finalFrame(await readFrames(await chatAgent(t, c, agent.id, 'What is the vault code?')));
    expect(calls(other.responseMessage)[0].output).not.toContain('4321');

    // Cited is not given: C neither lists nor downloads B's file.
    const listed = await (await fetch(`${t.base}${paths.files}`, { headers: authed(c) })).json();
    expect(JSON.stringify(listed)).not.toContain(bFile.file_id);
    const download = await fetch(`${t.base}${paths.fileDownload(b.userId, bFile.file_id)}`, {
      headers: authed(c),
    });
    expect(download.status).toBe(404);
    expect(await download.text()).not.toContain('eggshells');
  });

  it("file_search reads the user's own attachments in the conversation, numbered after the prompt's passages", async () => {
    const s = await makeUser(t);
    const agent = await makeAgent(t, s.userId, { tools: ['file_search'] });
    const doc = await uploaded(t, s, 'notes.md', garden, 'file_search');
    searchFor(t, 'compost secret ingredient');
    const done = finalFrame(
      await readFrames(
        await chatAgent(t, s, agent.id, 'What is the secret ingredient for the compost?', {
          files: [{ file_id: doc.file_id }],
        }),
      ),
    );
    const cited = done.responseMessage.citations!;
    // The question's own passages come first ([1]…), the tool's after them.
    const fromPrompt = cited.findIndex((c, i) => i > 0 && c.offset === cited[0].offset);
    const [call] = calls(done.responseMessage);
    expect(call.output).toContain('crushed eggshells');
    expect(call.output).toContain(`[${fromPrompt + 1}] notes.md`);
    expect(cited.every((c) => c.file_id === doc.file_id)).toBe(true);
  });

  it("injects the agent's context files (read as its author) and the date into the instructions", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const ctx = await uploaded(t, a, 'style.md', 'Always answer in haiku form.', 'context');
    const agent = await makeAgent(
      t,
      a.userId,
      {
        instructions: 'You are a poet.',
        tool_resources: { context: { file_ids: [ctx.file_id] } },
        append_current_datetime: true,
      },
      { isPublic: true },
    );
    t.fake.journal.clear();
    finalFrame(await readFrames(await chatAgent(t, b, agent.id, 'Hello')));
    const system = t.fake.journal.last('openai')!.request!.system!;
    expect(system.startsWith('You are a poet.')).toBe(true);
    expect(system).toContain('Always answer in haiku form.');
    expect(system).toMatch(/Current date and time: \d{4}-\d{2}-\d{2}T/);
  });

  it('a temporary chat with an agent stays out of the list and keeps the agent', async () => {
    const s = await makeUser(t);
    const agent = await makeAgent(t, s.userId);
    const done = finalFrame(await readFrames(await chatAgent(t, s, agent.id, 'Hi', { isTemporary: true })));
    expect(done.conversation.expiredAt).not.toBeNull();
    expect(done.conversation.agent_id).toBe(agent.id);
  });

  it('continues an agent reply: the next message without agent_id keeps the conversation’s agent', async () => {
    const s = await makeUser(t);
    const agent = await makeAgent(t, s.userId, { name: 'Keeper' });
    const first = finalFrame(await readFrames(await chatAgent(t, s, agent.id, 'One')));
    const next = finalFrame(
      await readFrames(
        await postChat(t, s, {
          endpoint: 'agents',
          model: 'ignored',
          text: 'Two',
          conversationId: first.conversation.conversationId,
          parentMessageId: first.responseMessage.messageId,
        }),
      ),
    );
    expect(next.responseMessage.sender).toBe('Keeper');
    expect(next.conversation.agent_id).toBe(agent.id);
  });

  it('without AGENTS USE a role can neither chat with an agent, answer an approval nor list tools', async () => {
    const admin = await makeUser(t, { role: 'ADMIN' });
    const s = await makeUser(t);
    const agent = await makeAgent(t, s.userId);
    const setUse = agentsUseSetter(t, admin);
    expect((await setUse(false)).status).toBe(200);
    try {
      expect((await chatAgent(t, s, agent.id, 'Hi')).status).toBe(403);
      const approval = await fetch(`${t.base}/api/chat/approval`, {
        method: 'POST',
        headers: authed(s),
        body: JSON.stringify({ conversationId: 'c', messageId: 'm', toolCallId: 'x', approved: true }),
      });
      expect(approval.status).toBe(403);
      expect((await fetch(`${t.base}/api/agents/tools`, { headers: authed(s) })).status).toBe(403);
      // Plain chats are not agents': they still work.
      expect((await postChat(t, s, { text: 'Plain' })).status).toBe(200);
    } finally {
      await setUse(true);
    }
  });
});

/** Turns AGENTS USE of the USER role on or off, as the admin dialog does. */
const agentsUseSetter = (t: TestApp, admin: Session) => (USE: boolean) =>
  fetch(`${t.base}/api/roles/USER/agents`, {
    method: 'PUT',
    headers: authed(admin),
    body: JSON.stringify({ USE }),
  });

const RESTRICTED = `balance:
  enabled: true
  startBalance: 150
endpoints:
  agents:
    capabilities: [tools, chain]
    allowedProviders: [openAI]
modelSpecs:
  list:
    - name: agent-spec
      label: An agent
      preset:
        endpoint: agents
`;

const lookup: ToolProvider = {
  available: async () => [{ pluginKey: 'lookup', name: 'Lookup', description: 'Looks up.' }],
  resolve: async (key) =>
    key === 'lookup'
      ? {
          name: 'lookup',
          description: 'Looks up.',
          inputSchema: { type: 'object' },
          run: async () => ({ output: 'ok' }),
        }
      : null,
};

describe.each(dialects)('agent limits from librechat.yaml (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { yaml: RESTRICTED });
    t.app.ctx.tools.register(lookup);
  });
  afterAll(async () => t?.close());

  it('a capability that is off removes its tool from the list and from runs', async () => {
    const s = await makeUser(t);
    const listed = (await (await fetch(`${t.base}/api/agents/tools`, { headers: authed(s) })).json()) as {
      pluginKey: string;
    }[];
    expect(listed.map((x) => x.pluginKey)).toEqual(['lookup']);
    const agent = await makeAgent(t, s.userId, { tools: ['file_search'] });
    t.fake.journal.clear();
    await t.app.ctx.db
      .updateTable('balances')
      .set({ token_credits: 1_000_000 })
      .where('user_id', '=', s.userId)
      .execute();
    finalFrame(await readFrames(await chatAgent(t, s, agent.id, 'Hi [[fake:steps=1]]')));
    expect(t.fake.journal.last('openai')!.request!.tools).toEqual([]);
  });

  it('without AGENTS USE a model spec on the agents endpoint cannot run an agent either', async () => {
    const admin = await makeUser(t, { role: 'ADMIN' });
    const s = await makeUser(t);
    const agent = await makeAgent(t, s.userId);
    const setUse = agentsUseSetter(t, admin);
    expect((await setUse(false)).status).toBe(200);
    try {
      const res = await postChat(t, s, {
        text: 'Hi',
        endpoint: 'openAI',
        spec: 'agent-spec',
        agent_id: agent.id,
      });
      expect(res.status).toBe(403);
    } finally {
      await setUse(true);
    }
  });

  it('an agent on a provider outside allowedProviders is refused', async () => {
    const s = await makeUser(t);
    const agent = await makeAgent(t, s.userId, { provider: 'anthropic', model: 'claude-sonnet-4-5' });
    const res = await chatAgent(t, s, agent.id, 'Hi');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { details: unknown } }).error.details).toEqual({
      type: 'invalid_agent_provider',
      info: 'anthropic',
    });
  });

  it('charges each step; once the balance is spent the next step is refused, the steps so far kept', async () => {
    const s = await makeUser(t);
    const agent = await makeAgent(t, s.userId, { tools: ['lookup'] });
    const frames = await readFrames(
      await chatAgent(t, s, agent.id, 'Go on and on [[fake:steps=5 tools=lookup]]'),
    );
    const err = frames.find((f) => 'error' in f.data)?.data as Extract<SseFrame, { error: true }>;
    expect(err.chatError.type).toBe('token_balance');
    const kept = calls(err.responseMessage!);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(5);
    const balance = (await (await fetch(`${t.base}/api/balance`, { headers: authed(s) })).json()) as {
      tokenCredits: number;
    };
    expect(balance.tokenCredits).toBeLessThanOrEqual(0);
    // And the next message is refused before anything runs.
    const again = await chatAgent(t, s, agent.id, 'More');
    expect(again.status).toBe(402);
  });
});

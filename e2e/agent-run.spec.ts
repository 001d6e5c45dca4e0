import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiToken, signIn } from './helpers.ts';

/**
 * An agent's reply in the chat (issue 15; doc 2 §4.12): tool calls (collapsed, args and output on
 * expand) as saved and as they stream, a chain's agent headers, and a tool approval that pauses
 * the run, shows after a reload and goes on in the same reply once answered. Runs against the
 * real server and its tool loop with the fake provider, whose `[[fake:steps=1 tools=file_search]]`
 * makes the model call file_search once and then answer with the result.
 *
 * Agents are made and first messages sent over the API (POST /api/agents, POST /api/chat with
 * agent_id), so all but the follow-up test need only the server slices (agents API, agent loop);
 * approving streams POST /api/chat/approval live into the reply.
 */

test.describe.configure({ mode: 'parallel' });

const NO_PARENT = '00000000-0000-0000-0000-000000000000';
const SEARCH = 'What is our refund policy? [[fake:steps=1 tools=file_search]]';

type AgentInput = { name: string; tools?: string[]; agent_ids?: string[]; require_approval?: string[] };

async function createAgent(page: Page, token: string, input: AgentInput): Promise<string> {
  const res = await page.request.post('/api/agents', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      instructions: `You are ${input.name}. Answer briefly.`,
      provider: 'openAI',
      model: 'gpt-4o',
      ...input,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

/** A first exchange with an agent over the API; returns the conversation id once the stream ends. */
async function chatAgent(page: Page, token: string, agentId: string, text: string): Promise<string> {
  const res = await page.request.post('/api/chat', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      text,
      messageId: randomUUID(),
      parentMessageId: NO_PARENT,
      conversationId: null,
      endpoint: 'agents',
      model: 'agent',
      agent_id: agentId,
    },
  });
  const body = await res.text();
  expect(res.status(), body).toBe(200);
  const conversationId = /"conversationId":"([0-9a-f-]{36})"/.exec(body)?.[1];
  expect(conversationId, body).toBeTruthy();
  return conversationId!;
}

async function setup(page: Page, input: AgentInput) {
  const account = await signIn(page);
  const token = await apiToken(page, account);
  return { token, agentId: await createAgent(page, token, input) };
}

test('a saved tool call shows collapsed, with its args and output on expand', async ({ page, chat }) => {
  const { token, agentId } = await setup(page, { name: 'Searcher', tools: ['file_search'] });
  await chat.goto(await chatAgent(page, token, agentId, SEARCH));

  const reply = chat.assistantMessages.last();
  const call = reply.getByTestId('tool-call');
  await expect(call).toHaveCount(1);
  await expect(call).toHaveAttribute('data-state', 'finished');
  await expect(call.getByTestId('tool-call-label')).toHaveText('Ran file_search');
  await expect(call.getByTestId('tool-call-details')).toHaveCount(0);
  // The model's answer after the tool.
  await expect(reply.getByTestId('message-part-text').last()).not.toBeEmpty();
  await call.getByTestId('tool-call-toggle').click();
  await expect(call.getByTestId('tool-call-args')).toContainText('"query"');
  await expect(call.getByTestId('tool-call-output')).toHaveText('There are no files to search.');
});

test('a follow-up in an agent conversation streams its tool call', async ({ page, chat }) => {
  const { token, agentId } = await setup(page, { name: 'Searcher', tools: ['file_search'] });
  await chat.goto(await chatAgent(page, token, agentId, 'Hello'));
  // The first exchange is on screen before the follow-up is counted against it.
  await expect(chat.assistantMessages).toHaveCount(1);
  await chat.sendAndWait(SEARCH);
  const reply = chat.assistantMessages.last();
  const call = reply.getByTestId('tool-call');
  await expect(call).toHaveAttribute('data-state', 'finished');
  await expect(call.getByTestId('tool-call-details')).toHaveCount(0);
  await call.getByTestId('tool-call-toggle').click();
  await expect(call.getByTestId('tool-call-output')).toHaveText('There are no files to search.');
  await expect(reply.getByTestId('message-part-text').last()).not.toBeEmpty();
});

test('a chain of two agents shows which agent speaks', async ({ page, chat }) => {
  const { token, agentId: reviewer } = await setup(page, { name: 'Reviewer' });
  const writer = await createAgent(page, token, { name: 'Writer', agent_ids: [reviewer] });
  const id = await chatAgent(page, token, writer, 'Write one line about tea.');
  await chat.goto(id);
  await expect(
    chat.assistantMessages.last().getByTestId('agent-update-name').filter({ hasText: 'Reviewer' }),
  ).toHaveCount(1);
});

test('a paused run shows its approval card after a reload and goes on in the same reply once approved', async ({
  page,
  chat,
}) => {
  const { token, agentId } = await setup(page, {
    name: 'Careful',
    tools: ['file_search'],
    require_approval: ['file_search'],
  });
  const id = await chatAgent(page, token, agentId, SEARCH);
  await chat.goto(id);

  const reply = chat.assistantMessages.last();
  const card = reply.getByTestId('tool-approval');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('tool-approval-title')).toHaveText('Allow file_search to run?');
  await expect(card.getByTestId('tool-approval-args')).toContainText('"query"');
  // Paused, not failed.
  await expect(reply.getByTestId('tool-call')).toHaveCount(0);

  await card.getByTestId('tool-approval-approve').click();
  const call = reply.getByTestId('tool-call');
  await expect(call).toHaveAttribute('data-state', 'finished', { timeout: 15_000 });
  await chat.waitForReply();
  await expect(chat.assistantMessages).toHaveCount(1);
  await expect(reply.getByTestId('message-part-text').last()).not.toBeEmpty();

  // The answered run is saved as one reply.
  await page.reload();
  const saved = chat.assistantMessages.last();
  await expect(saved.getByTestId('tool-approval')).toHaveCount(0);
  await expect(saved.getByTestId('tool-call')).toHaveAttribute('data-state', 'finished');
});

test('a denied call shows as denied and the run answers without it', async ({ page, chat }) => {
  const { token, agentId } = await setup(page, {
    name: 'Careful',
    tools: ['file_search'],
    require_approval: ['file_search'],
  });
  await chat.goto(await chatAgent(page, token, agentId, SEARCH));
  const reply = chat.assistantMessages.last();
  await reply.getByTestId('tool-approval-deny').click();
  const call = reply.getByTestId('tool-call');
  await expect(call).toHaveAttribute('data-state', 'denied', { timeout: 15_000 });
  await expect(call.getByTestId('tool-call-label')).toHaveText('Denied file_search');
  await chat.waitForReply();
});

test('a web search shows its progress while it reads slow pages, then what it read', async ({
  page,
  chat,
}) => {
  const { token, agentId } = await setup(page, { name: 'Researcher', tools: ['web_search'] });
  await chat.goto(await chatAgent(page, token, agentId, 'Hello'));
  await expect(chat.assistantMessages).toHaveCount(1);
  // `slow`: the fake's pages answer after 2 s, so the call is seen running.
  await chat.send('Find slow pages about green tea [[fake:steps=1 tools=web_search]]');
  const call = chat.assistantMessages.last().getByTestId('tool-call');
  const bar = call.getByTestId('tool-call-progress');
  await expect(bar).toBeVisible();
  // Past its start (0.1): the search answered and the pages are being read.
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(20);
  await expect(call).toHaveAttribute('data-state', 'finished', { timeout: 20_000 });
  await expect(bar).toHaveCount(0);
  await call.getByTestId('tool-call-toggle').click();
  // A code only the pages' bodies hold: they were read, not just listed.
  await expect(call.getByTestId('tool-call-output')).toContainText('FACT-');
});

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiToken, signIn } from './helpers.ts';
import type { ChatPage } from './pages/chat.ts';

/**
 * An agent's reply in the chat (issue 15; doc 2 §4.12): tool calls as they stream and after a
 * reload (collapsed, args and output on expand), a chain's agent headers, and a tool approval
 * that pauses the run, survives a reload and goes on once approved. Runs against the real server
 * and its tool loop with the fake provider, whose `[[fake:tool-<name>]]` directive makes the
 * model call that tool and then quote its result.
 *
 * Needs the agents API and the agent loop (server slices of issue 15).
 */

test.describe.configure({ mode: 'parallel' });

type AgentInput = {
  name: string;
  tools?: string[];
  agent_ids?: string[];
  require_approval?: string[];
};

/** Create an agent over the API as the signed-in user; returns its id. */
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

/** A new account with an agent; the chat opened with that agent selected. */
async function chatWithAgent(page: Page, chat: ChatPage, input: AgentInput) {
  const account = await signIn(page);
  const token = await apiToken(page, account);
  const agentId = await createAgent(page, token, input);
  // doc 1 §2: agent_id in the address selects the agents endpoint and the agent.
  await page.goto(`/chat/new?agent_id=${encodeURIComponent(agentId)}`);
  await expect(chat.input).toBeVisible();
  return { token, agentId };
}

const SEARCH = 'What is our refund policy? [[fake:tool-file_search]]';

test('a tool call shows collapsed with its state, and its args and output on expand, live and after reload', async ({
  page,
  chat,
}) => {
  await chatWithAgent(page, chat, { name: 'Searcher', tools: ['file_search'] });
  await chat.sendAndWait(SEARCH);

  const reply = chat.assistantMessages.last();
  const call = reply.getByTestId('tool-call');
  await expect(call).toHaveCount(1);
  await expect(call).toHaveAttribute('data-state', 'finished');
  await expect(call.getByTestId('tool-call-label')).toHaveText('Ran file_search');
  // Collapsed by default.
  await expect(call.getByTestId('tool-call-details')).toHaveCount(0);
  // The model's answer after the tool: a text part after the call.
  await expect(reply.getByTestId('message-part-text').last()).not.toBeEmpty();

  await call.getByTestId('tool-call-toggle').click();
  await expect(call.getByTestId('tool-call-args')).toContainText('"query"');
  await expect(call.getByTestId('tool-call-output')).not.toBeEmpty();

  // The saved reply shows the same (content parts from the server).
  const id = await chat.waitForSaved();
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/chat/${id}$`));
  const saved = chat.assistantMessages.last().getByTestId('tool-call');
  await expect(saved).toHaveAttribute('data-state', 'finished');
  await expect(saved.getByTestId('tool-call-details')).toHaveCount(0);
  await saved.getByTestId('tool-call-toggle').click();
  await expect(saved.getByTestId('tool-call-args')).toContainText('"query"');
});

test('a chain of two agents shows which agent speaks', async ({ page, chat }) => {
  const account = await signIn(page);
  const token = await apiToken(page, account);
  const reviewer = await createAgent(page, token, { name: 'Reviewer' });
  const writer = await createAgent(page, token, { name: 'Writer', agent_ids: [reviewer] });
  await page.goto(`/chat/new?agent_id=${encodeURIComponent(writer)}`);
  await chat.sendAndWait('Write one line about tea.');

  const headers = chat.assistantMessages.last().getByTestId('agent-update');
  await expect(headers.filter({ has: page.getByText('Reviewer', { exact: true }) })).toHaveCount(1);
  await page.reload();
  await expect(
    chat.assistantMessages.last().getByTestId('agent-update-name').filter({ hasText: 'Reviewer' }),
  ).toHaveCount(1);
});

test('a tool approval pauses the run, survives a reload, and the run goes on once approved', async ({
  page,
  chat,
}) => {
  await chatWithAgent(page, chat, {
    name: 'Careful',
    tools: ['file_search'],
    require_approval: ['file_search'],
  });
  await chat.send(SEARCH);

  const reply = chat.assistantMessages.last();
  const card = reply.getByTestId('tool-approval');
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByTestId('tool-approval-title')).toHaveText('Allow file_search to run?');
  await expect(card.getByTestId('tool-approval-args')).toContainText('"query"');
  // The paused run is neither failed nor cut off.
  await expect(reply.getByTestId('tool-call')).toHaveCount(0);

  // After a reload the reply still waits, with its card.
  await chat.waitForSaved();
  await page.reload();
  const again = chat.assistantMessages.last();
  await expect(again.getByTestId('tool-approval')).toBeVisible();

  await again.getByTestId('tool-approval-approve').click();
  await expect(again.getByTestId('tool-approval')).toHaveCount(0);
  const call = again.getByTestId('tool-call');
  await expect(call).toHaveAttribute('data-state', 'finished', { timeout: 15_000 });
  await chat.waitForReply();
  // The run went on in the same reply: one reply, the call done, an answer after it.
  await expect(chat.assistantMessages).toHaveCount(1);
  await call.getByTestId('tool-call-toggle').click();
  await expect(call.getByTestId('tool-call-output')).not.toBeEmpty();
  await expect(again.getByTestId('message-part-text').last()).not.toBeEmpty();
});

test('a denied tool call shows as denied and the run answers without it', async ({ page, chat }) => {
  await chatWithAgent(page, chat, {
    name: 'Careful',
    tools: ['file_search'],
    require_approval: ['file_search'],
  });
  await chat.send(SEARCH);
  const reply = chat.assistantMessages.last();
  await reply.getByTestId('tool-approval-deny').click();
  const call = reply.getByTestId('tool-call');
  await expect(call).toHaveAttribute('data-state', 'denied', { timeout: 15_000 });
  await expect(call.getByTestId('tool-call-label')).toHaveText('Denied file_search');
  await chat.waitForReply();
});

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiToken, dropFiles, signIn } from './helpers.ts';
import { FAKE_URL } from './servers.ts';

/**
 * Issue 17 point 3 in the browser: an agent with execute_code analyses a CSV the user attaches in
 * the chat. The (scripted) model calls execute_code with pandas code that reads the file from
 * /mnt/data; the real server runs it in its sandbox; the reply shows the call with what the code
 * printed and the plot it saved, as an image under the call, after a reload too.
 */

const NO_PARENT = '00000000-0000-0000-0000-000000000000';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SALES = 'region,sales\nnorth,10\nsouth,32\neast,7\n';
const ANALYSE = [
  'import pandas as pd',
  'import matplotlib.pyplot as plt',
  'df = pd.read_csv("sales.csv")',
  'print("total sales:", df["sales"].sum())',
  'df.plot.bar(x="region", y="sales", legend=False)',
  'plt.savefig("sales.png", dpi=60)',
].join('\n');

/**
 * The model's two steps for the message ending in `prompt` (the attached file's note comes before
 * the words): call execute_code with the analysis, then answer once the result is back.
 */
async function scriptAnalysis(page: Page, prompt: string) {
  const match = { match: { lastUserText: { regex: `${escapeRegExp(prompt)}$` } } };
  for (const script of [
    {
      steps: [{ type: 'tool_call', name: 'execute_code', args: { lang: 'py', code: ANALYSE } }],
      finish: 'tool',
    },
    { steps: [{ type: 'text', text: 'The total of the sales is 49; the plot is above.' }] },
  ]) {
    const res = await page.request.post(`${FAKE_URL}/__fake/scenarios`, { data: { match, script } });
    expect(res.status()).toBe(200);
  }
}

/** An agent with execute_code, and a first exchange with it (over the API); the conversation's id. */
async function agentConversation(page: Page, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/agents', {
    headers,
    data: {
      name: 'Analyst',
      instructions: 'Analyse data files with execute_code.',
      provider: 'openAI',
      model: 'gpt-4o',
      tools: ['execute_code'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const res = await page.request.post('/api/chat', {
    headers,
    data: {
      text: 'Hello',
      messageId: randomUUID(),
      parentMessageId: NO_PARENT,
      conversationId: null,
      endpoint: 'agents',
      model: 'agent',
      agent_id: (await created.json()).id,
    },
  });
  const body = await res.text();
  expect(res.status(), body).toBe(200);
  return /"conversationId":"([0-9a-f-]{36})"/.exec(body)![1];
}

test('an agent with execute_code analyses an attached CSV: the output and the plot show in the reply', async ({
  page,
  chat,
}) => {
  test.slow();
  const account = await signIn(page);
  const token = await apiToken(page, account);
  const executor = await (
    await page.request.get('/api/agents/tools/execute_code/auth', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  expect(executor, 'the sandbox must run code on this machine').toMatchObject({ authenticated: true });
  await chat.goto(await agentConversation(page, token));

  await dropFiles(page, [{ name: 'sales.csv', type: 'text/csv', bytes: Buffer.from(SALES) }]);
  await page.getByTestId('upload-choice-execute_code').click();
  const chip = page.getByTestId('attached-file');
  await expect(chip).toContainText('sales.csv');
  await expect(chip).toHaveAttribute('data-progress', '1');

  const prompt = `What are the total sales? Plot them by region. ${randomUUID().slice(0, 8)}`;
  await scriptAnalysis(page, prompt);
  await chat.send(prompt);

  const reply = chat.assistantMessages.last();
  const call = reply.getByTestId('tool-call');
  await expect(call).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await expect(reply.getByTestId('message-part-text').last()).toContainText('The total of the sales is 49');
  // The plot: an image of ours under the call, loaded with the token.
  const plot = call.getByTestId('message-image');
  await expect(plot).toHaveAttribute('src', /^blob:/);
  expect(await plot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  // The call's details: the code it ran and what it printed.
  await call.getByTestId('tool-call-toggle').click();
  const details = call.getByTestId('tool-call-details');
  await expect(details).toContainText('pd.read_csv("sales.csv")');
  await expect(call.getByTestId('tool-call-output')).toContainText('total sales: 49');

  // Saved with the reply: a reload shows the same call and plot.
  const conversationId = await chat.waitForSaved();
  await chat.goto(conversationId);
  const saved = chat.assistantMessages.last().getByTestId('tool-call');
  await expect(saved).toHaveAttribute('data-state', 'finished');
  await expect(saved.getByTestId('message-image')).toHaveAttribute('src', /^blob:/);
});

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiToken, newAccount, signIn } from './helpers.ts';

/**
 * The agent gallery and the OpenAI assistant import (issue 15 points 5 and 6). Needs the agents
 * API (slice agents-api): written with the web slice, it runs once that lands.
 */

test.describe.configure({ mode: 'parallel' });

async function createAgent(page: Page, token: string, body: Record<string, unknown>): Promise<string> {
  const res = await page.request.post('/api/agents', {
    headers: { authorization: `Bearer ${token}` },
    data: { provider: 'openAI', model: 'gpt-4o', instructions: 'Be brief.', ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

test('the gallery lists, searches and pages agents, and a card starts a chat with its agent', async ({
  page,
}) => {
  // Four agents made, then search, tabs and a chat started.
  test.slow();
  const account = await signIn(page);
  const token = await apiToken(page, account);
  const ids: string[] = [];
  for (let i = 0; i < 3; i++)
    ids.push(
      await createAgent(page, token, {
        name: `Gallery helper ${i}`,
        description: `Helps with ${i}`,
        category: 'it',
      }),
    );
  await createAgent(page, token, {
    name: 'Tax adviser',
    description: 'Knows the forms',
    category: 'finance',
  });

  await page.getByTestId('agent-gallery-link').click();
  await expect(page).toHaveURL(/\/agents$/);
  // Other tests on this server may share agents with everyone: count this test's own.
  await expect(page.getByTestId('agent-card').filter({ hasText: /Gallery helper|Tax adviser/ })).toHaveCount(
    4,
  );

  // Category tabs come from the server, with a URL each.
  await page.locator('[data-testid="gallery-tab"][data-tab="finance"]').click();
  await expect(page).toHaveURL(/\/agents\/finance$/);
  await expect(page.getByTestId('agent-card')).toHaveText([/Tax adviser/]);

  await page.locator('[data-testid="gallery-tab"][data-tab="mine"]').click();
  await page.getByTestId('gallery-search').fill('helper 1');
  await expect(page.getByTestId('agent-card')).toHaveText([/Gallery helper 1/]);
  await page.getByTestId('gallery-search').fill('nothing like this');
  await expect(page.getByTestId('agent-grid-empty')).toBeVisible();

  await page.getByTestId('gallery-search').fill('');
  await page.getByTestId('agent-card').filter({ hasText: 'Gallery helper 2' }).click();
  await expect(page.getByTestId('agent-detail')).toContainText('Helps with 2');
  await page.getByTestId('agent-start-chat').click();
  await expect(page).toHaveURL(/\/chat\/new/);
});

test('shared with me holds another user’s shared agent, never a private one', async ({ page, browser }) => {
  // Two accounts signing in.
  test.slow();
  const other = await browser.newPage();
  const author = await signIn(other);
  const authorToken = await apiToken(other, author);
  const shared = await createAgent(other, authorToken, { name: 'Team glossary' });
  await createAgent(other, authorToken, { name: 'Private notes' });
  const res = await other.request.patch(`/api/agents/${shared}`, {
    headers: { authorization: `Bearer ${authorToken}` },
    data: { projectIds: ['instance'] },
  });
  expect(res.status(), await res.text()).toBe(200);
  await other.close();

  await signIn(page, newAccount());
  await page.goto('/agents/shared');
  // Other tests may share agents on this server too: look for these two only.
  await expect(page.getByTestId('agent-card').filter({ hasText: 'Team glossary' })).toHaveCount(1);
  await expect(page.getByTestId('agent-card').filter({ hasText: 'Private notes' })).toHaveCount(0);
  await page.goto('/agents/mine');
  await expect(page.getByTestId('agent-grid-empty')).toBeVisible();
});

test('an exported OpenAI assistant is imported, with its function tools named as left out', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/agents');
  await page.getByTestId('gallery-import').click();
  await page.getByTestId('import-file').setInputFiles({
    name: 'assistant.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        id: 'asst_abc123',
        object: 'assistant',
        name: 'Math Tutor',
        model: 'gpt-4o',
        instructions: 'You are a personal math tutor.',
        tools: [
          { type: 'code_interpreter' },
          { type: 'function', function: { name: 'get_weather', parameters: {} } },
        ],
        metadata: {},
      }),
    ),
  });
  await page.getByTestId('import-submit').click();
  await expect(page.getByRole('dialog', { name: 'Math Tutor' })).toBeVisible();
  await expect(page.getByTestId('import-skipped')).toContainText('get_weather');
  await page.keyboard.press('Escape');
  await page.locator('[data-testid="gallery-tab"][data-tab="mine"]').click();
  await expect(page.getByTestId('agent-card')).toHaveText([/Math Tutor/]);
});

test('on a 375 px phone the gallery fits without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const account = await signIn(page);
  const token = await apiToken(page, account);
  await createAgent(page, token, { name: 'A'.repeat(120), description: 'word '.repeat(80) });
  await page.goto('/agents');
  await expect(page.getByTestId('agent-card').filter({ hasText: 'AAAA' })).toHaveCount(1);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
  ).toBe(false);
});

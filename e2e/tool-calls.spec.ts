import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiToken, signIn } from './helpers.ts';
import type { ChatPage } from './pages/chat.ts';
import type { Sidebar } from './pages/sidebar.ts';

/**
 * Tool-call blocks, attachments and the "show code" setting (doc 2 §4.12, §4.13; doc 3 §2), on a
 * LibreChat export imported through the API: nothing produces tool calls yet, imports carry them.
 */
const FIXTURE = readFileSync(
  path.join(import.meta.dirname, '../packages/server/test/fixtures/import/librechat-tools.json'),
  'utf8',
);

async function importFixture(page: Page, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const res = await page.request.post('/api/convos/import', { headers, data: FIXTURE });
  expect(res.status()).toBe(201);
  const { jobId } = await res.json();
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/convos/import/${jobId}`, { headers })).json()).status,
    )
    .toBe('done');
}

/** A new account with the fixture imported, its conversation open; returns the tool-call reply. */
async function openImported(page: Page, chat: ChatPage, sidebar: Sidebar) {
  const account = await signIn(page);
  await importFixture(page, await apiToken(page, account));
  await page.reload();
  await sidebar.openConversation('Tool calls tour');
  const reply = chat.assistantMessages.last();
  await expect(reply.getByTestId('tool-call')).toHaveCount(7);
  return reply;
}

// Independent tests, each with its own account: let both workers take some.
test.describe.configure({ mode: 'parallel' });

const block = (page: Page, label: string) =>
  page
    .getByTestId('tool-call')
    .filter({ has: page.getByTestId('tool-call-label').getByText(label, { exact: true }) });

test('tool calls: parts in order, input and output on expand, errors, a sign-in link, an image', async ({
  page,
  chat,
  sidebar,
}) => {
  const reply = await openImported(page, chat, sidebar);

  // Parts in order: the text before, the calls, the text after.
  await expect(reply.getByTestId('message-part-text').first()).toHaveText('Let me check a few things.');
  await expect(reply.getByTestId('message-part-text').last()).toHaveText('All done.');
  await expect(reply.getByTestId('tool-call-label')).toHaveText([
    'Ran get_weather',
    'Error running web_search',
    'Error running slow_lookup',
    'Ran code',
    'Ran code',
    'Error running listEvents',
    'Ran make_chart',
  ]);

  // A finished call expands to its input and output.
  const weather = block(page, 'Ran get_weather');
  await expect(weather).toHaveAttribute('data-state', 'finished');
  await expect(weather.getByTestId('tool-call-output')).toHaveCount(0);
  await weather.getByTestId('tool-call-toggle').click();
  await expect(weather.getByTestId('tool-call-args')).toContainText('"city": "Oslo"');
  await expect(weather.getByTestId('tool-call-output')).toHaveText('Sunny, 21 °C in Oslo');

  // An error output and a call the run never finished (progress 0.5) are errors.
  const search = block(page, 'Error running web_search');
  await expect(search).toHaveAttribute('data-state', 'error');
  await search.getByTestId('tool-call-toggle').click();
  await expect(search.getByTestId('tool-call-output')).toContainText('Error processing tool web_search');
  await expect(block(page, 'Error running slow_lookup')).toHaveAttribute('data-state', 'error');

  // A pending sign-in names the site, opens in a new tab without an opener, and warns.
  const signInLink = reply.getByTestId('tool-call-sign-in');
  await expect(signInLink).toHaveText('Sign in to auth.example.com');
  await expect(signInLink).toHaveAttribute('target', '_blank');
  await expect(signInLink).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(reply.getByTestId('tool-call-auth')).toContainText('Only sign in to sites you trust');

  // The chart the tool made loads (a data: image) and opens full size.
  const chart = block(page, 'Ran make_chart');
  await expect(chart.getByTestId('message-image')).toBeVisible();
  await expect(chart.getByTestId('message-image')).toHaveJSProperty('naturalWidth', 1);
  await chart.getByRole('button', { name: 'Open plot.png full size' }).click();
  await expect(page.getByRole('dialog', { name: 'plot.png' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("the question's files: a broken image keeps its box with an error badge, a PDF is a chip", async ({
  page,
  chat,
  sidebar,
}) => {
  await openImported(page, chat, sidebar);
  // The question's files: the image whose path 404s falls back to an icon with a red badge; the
  // PDF is a chip with its name and type.
  const question = chat.userMessages.last();
  await expect(question.getByTestId('message-image')).toHaveCount(0);
  const broken = question.getByTestId('image-failed');
  await expect(broken).toBeVisible();
  const badge = broken.getByTestId('image-error-badge');
  await expect(badge).toBeVisible();
  await expect(badge).toHaveClass(/\bbg-red-600\b/);
  // The box keeps the image's 640×480 ratio.
  const box = await broken.boundingBox();
  expect(box && Math.abs(box.width / box.height - 4 / 3)).toBeLessThan(0.05);
  await expect(question.getByTestId('file-chip')).toContainText('field-notes.pdf');
  await expect(question.getByTestId('file-chip')).toContainText('PDF');
});

test('show code expands every code run, is kept across a reload, and turns off again', async ({
  page,
  chat,
  sidebar,
  settings,
}) => {
  const reply = await openImported(page, chat, sidebar);
  // Code is collapsed by default; "show code" expands every code run, and back.
  const codeBlocks = reply.getByTestId('code-block');
  await expect(codeBlocks).toHaveCount(0);
  await settings.open('Chat');
  const showCode = settings.setting('show-code');
  await expect(showCode).toHaveAttribute('aria-checked', 'false');
  await showCode.click();
  await expect(showCode).toHaveAttribute('aria-checked', 'true');
  await settings.close();
  await expect(codeBlocks).toHaveCount(2);
  await expect(codeBlocks.first()).toContainText('print(6 * 7)');
  await expect(codeBlocks.last()).toContainText('sum(range(10))');
  const code = reply.getByTestId('tool-call').nth(3);
  await expect(code.getByTestId('tool-call-output')).toContainText('42');
  await expect(reply.getByTestId('tool-call').nth(4).getByTestId('tool-call-output')).toHaveText('45');

  // The setting is kept across a reload.
  await page.reload();
  await expect(codeBlocks).toHaveCount(2);
  await settings.open('Chat');
  await showCode.click();
  await settings.close();
  await expect(codeBlocks).toHaveCount(0);
});

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiToken, newAccount, signIn, startConversation } from './helpers.ts';
import { SAVED_CHAT_URL } from './pages/chat.ts';

async function shareUrl(page: Page): Promise<string> {
  const value = await page.getByTestId('share-url').inputValue();
  expect(value).toMatch(/\/share\/[A-Za-z0-9_-]{22}$/);
  return value;
}

test('share a conversation: frozen public page, refresh shows new messages, delete ends it', async ({
  page,
  chat,
  browser,
  context,
}) => {
  // Two replies, two browser contexts and a dozen page loads: more than the default budget on a busy machine.
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  await chat.sendAndWait('Tell me about otters');
  await expect(page).toHaveURL(SAVED_CHAT_URL);

  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-dialog-empty')).toBeVisible();
  await page.getByTestId('share-create').click();
  const first = await shareUrl(page);
  await page.getByTestId('share-copy').click();
  await expect(page.getByText('Link copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  await page.getByTestId('share-qr-toggle').click();
  await expect(page.getByTestId('share-qr')).toBeVisible();
  await page.getByTestId('share-qr-toggle').click();
  await expect(page.getByTestId('share-qr')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A visitor with no session sees the conversation, read-only.
  const visitor = await browser.newContext();
  const viewer = await visitor.newPage();
  await viewer.goto(first);
  await expect(viewer.getByTestId('share-title')).toBeVisible();
  const title = await viewer.getByTestId('share-title').innerText();
  await expect(viewer).toHaveTitle(`${title} | Parley`);
  await expect(viewer.getByTestId('share-date')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(viewer.getByTestId('message')).toHaveCount(2);
  await expect(viewer.getByTestId('message').first()).toContainText('Tell me about otters');
  await expect(viewer.getByTestId('composer-input')).toHaveCount(0);
  await expect(viewer.getByTestId('regenerate-button')).toHaveCount(0);

  // Later messages stay private until the link is refreshed.
  await chat.sendAndWait('Now tell me about beavers');
  await viewer.reload();
  await expect(viewer.getByTestId('message')).toHaveCount(2);
  await expect(viewer.getByText('Now tell me about beavers')).toHaveCount(0);

  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-url')).toHaveValue(first);
  await page.getByTestId('share-refresh').click();
  await expect(page.getByText('Link refreshed')).toBeVisible();
  await expect(page.getByTestId('share-url')).not.toHaveValue(first);
  const second = await shareUrl(page);

  await viewer.goto(second);
  await expect(viewer.getByTestId('message')).toHaveCount(4);
  await expect(viewer.getByText('Now tell me about beavers', { exact: true })).toBeVisible();
  await viewer.goto(first);
  await expect(viewer.getByTestId('share-not-found')).toContainText('Shared link not found');

  // Delete: the dialog returns to "no link" and the page is gone.
  await page.getByTestId('share-delete').click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Successfully deleted shared link')).toBeVisible();
  await expect(page.getByTestId('share-dialog-empty')).toBeVisible();
  await viewer.goto(second);
  await expect(viewer.getByTestId('share-not-found')).toContainText('Shared link not found');
  await visitor.close();
});

test('the shared links manager searches, sorts, opens and deletes links', async ({ page, settings }) => {
  const account = await signIn(page, newAccount());
  const token = await apiToken(page, account);
  const headers = { authorization: `Bearer ${token}` };
  // Three shared conversations made through the API (the UI path is covered above).
  for (const text of ['Apples are red', 'Bananas are yellow', 'Cherries are dark']) {
    const conversationId = await startConversation(page, token, text);
    const share = await page.request.post(`/api/share/${conversationId}`, { headers });
    expect(share.status()).toBe(200);
  }

  await settings.open();
  await settings.openSharedLinks();
  const rows = page.getByTestId('shared-link-row');
  await expect(rows).toHaveCount(3);

  // Search is by title; the titles are generated, so search for one row's own title.
  const all = await rows.getByTestId('shared-link-title').allInnerTexts();
  const term = all[0];
  const matching = all.filter((title) => title.toLowerCase().includes(term.toLowerCase()));
  expect(matching.length).toBeLessThan(all.length);
  await page.getByTestId('shared-links-search').fill(term);
  await expect(rows).toHaveCount(matching.length);
  await expect(rows.first().getByTestId('shared-link-title')).toHaveText(term);
  await page.getByTestId('shared-links-search').fill('zzz-no-such-link');
  await expect(page.getByTestId('shared-links-empty')).toHaveText('Nothing found');
  await page.getByTestId('shared-links-search').fill('');
  await expect(rows).toHaveCount(3);

  // Sort by name, both ways.
  const titles = () => rows.getByTestId('shared-link-title').allInnerTexts();
  const sorted = [...(await titles())].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  await page.getByTestId('sort-title').click();
  await expect.poll(titles).toEqual(sorted);
  await page.getByTestId('sort-title').click();
  await expect.poll(titles).toEqual([...sorted].reverse());
  const asc = sorted;

  // A title opens the shared page in a new tab.
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    rows.first().getByTestId('shared-link-title').click(),
  ]);
  await expect(tab.getByTestId('share-title')).toHaveText(asc[2]);
  await tab.close();
  // Back to the front: a page left in the background gets no animation frames, and Playwright's
  // "stable" check waits on them (the confirm button then never settles).
  await page.bringToFront();

  // Delete one, then the rest in bulk.
  await rows.first().getByTestId('shared-link-delete').click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Successfully deleted shared link')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByTestId('shared-links-bulk-delete').click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Successfully deleted shared links')).toBeVisible();
  await expect(page.getByTestId('shared-links-empty')).toHaveText('You have no shared links.');
});

test('the conversation row menu shares too; small screens share and export from the overflow menu', async ({
  page,
  chat,
  sidebar,
}) => {
  await signIn(page);
  await chat.sendAndWait('Row menu sharing');
  await expect(page).toHaveURL(SAVED_CHAT_URL);
  await (await sidebar.convo(chat.conversationId).openMenu()).share();
  await expect(page.getByTestId('share-dialog-empty')).toBeVisible();
  await page.getByTestId('share-create').click();
  const url = await shareUrl(page);
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 375, height: 760 });
  await expect(page.getByTestId('share-button')).toHaveCount(0);
  await page.getByTestId('chat-more').click();
  await page.getByTestId('more-share').click();
  // The same link: one link per conversation.
  expect(await shareUrl(page)).toBe(url);
  await page.keyboard.press('Escape');
  await page.getByTestId('chat-more').click();
  await page.getByTestId('more-export').click();
  await expect(page.getByRole('dialog')).toContainText('Export conversation');
});

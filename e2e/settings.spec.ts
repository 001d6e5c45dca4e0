import { expect, type Page, test } from '@playwright/test';
import { lastAssistantText, send, signIn } from './helpers.ts';

/**
 * Settings tabs (doc 3 §2): switching tabs, and the General and Chat preferences taking effect on
 * the chat screen and surviving a reload (doc 3 §3 local preference keys).
 */

async function openSettings(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-tabs')).toBeVisible();
}

const userText = (page: Page) =>
  page.locator('[data-testid="message"][data-role="user"]').last().getByTestId('message-text');

async function width(page: Page, testId: string): Promise<number> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} has no box`);
  return box.width;
}

test('tabs, maximize chat space, user markdown, font size, hide side panel; kept after reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);

  // A new chat centres the composer under the greeting; after the first message it sits at the bottom.
  const composerTop = async () => (await page.getByTestId('composer-input').boundingBox())?.y ?? 0;
  const viewport = page.viewportSize()?.height ?? 900;
  expect(await composerTop()).toBeLessThan(viewport * 0.75);

  await send(page, 'Make this **bold** please');
  await expect(lastAssistantText(page)).not.toBeEmpty();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  expect(await composerTop()).toBeGreaterThan(viewport * 0.75);

  // User messages render as markdown by default.
  await expect(userText(page).locator('strong')).toHaveText('bold');
  const narrow = await width(page, 'message-list');
  const fontBefore = await userText(page).evaluate((el) => getComputedStyle(el).fontSize);

  await openSettings(page);
  // General is the first tab; its rows are there, Chat's are not.
  await expect(page.getByTestId('settings-tab-general')).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('setting-language')).toHaveValue('en-US');
  await expect(page.getByTestId('setting-language').locator('option')).toHaveText(['English']);
  await expect(page.getByTestId('archived-manage')).toBeVisible();
  await expect(page.getByTestId('setting-font-size')).toHaveCount(0);

  const markdown = page.getByTestId('setting-user-markdown');
  await expect(markdown).toBeChecked();
  await markdown.click();
  await expect(markdown).not.toBeChecked();
  await expect(page.getByTestId('setting-auto-scroll')).not.toBeChecked();
  await expect(page.getByTestId('parameters-button')).toBeVisible();
  await page.getByTestId('setting-hide-side-panel').click();

  await page.getByTestId('settings-tab-chat').click();
  await expect(page.getByTestId('settings-tab-chat')).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('setting-user-markdown')).toHaveCount(0);
  await expect(page.getByTestId('setting-center-form')).toBeChecked();
  const maximize = page.getByTestId('setting-maximize-chat-space');
  await expect(maximize).not.toBeChecked();
  await maximize.click();
  await page.getByTestId('setting-font-size').selectOption('text-xl');

  await page.getByTestId('settings-tab-data').click();
  await expect(page.getByTestId('import-conversations')).toBeVisible();
  await page.keyboard.press('Escape');

  // Plain text now: the asterisks are shown as typed.
  await expect(userText(page)).toHaveText('Make this **bold** please');
  await expect(userText(page).locator('strong')).toHaveCount(0);
  // The message column and the composer take the full width.
  const wide = await width(page, 'message-list');
  expect(wide).toBeGreaterThan(narrow + 100);
  expect(await width(page, 'composer-area')).toBeGreaterThan(narrow + 100);
  // Extra large is 1.25 rem.
  await expect(userText(page)).toHaveCSS('font-size', '20px');
  expect(fontBefore).toBe('16px');
  // The side panel toggles are gone.
  await expect(page.getByTestId('parameters-button')).toHaveCount(0);

  await page.reload();
  await expect(userText(page)).toHaveText('Make this **bold** please');
  await expect(userText(page)).toHaveCSS('font-size', '20px');
  expect(await width(page, 'message-list')).toBeCloseTo(wide, 0);
  await expect(page.getByTestId('parameters-button')).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('preferences') ?? '{}').state);
  expect(stored).toMatchObject({
    enableUserMsgMarkdown: false,
    maximizeChatSpace: true,
    fontSize: 'text-xl',
    hideSidePanel: true,
    lang: 'en-US',
  });

  await openSettings(page);
  await expect(page.getByTestId('setting-user-markdown')).not.toBeChecked();
  await page.getByTestId('settings-tab-chat').click();
  await expect(page.getByTestId('setting-maximize-chat-space')).toBeChecked();
  await expect(page.getByTestId('setting-font-size')).toHaveValue('text-xl');
});

test('centre the composer on landing can be turned off', async ({ page }) => {
  await signIn(page);
  const viewport = page.viewportSize()?.height ?? 720;
  const composerTop = async () => (await page.getByTestId('composer-input').boundingBox())?.y ?? 0;
  expect(await composerTop()).toBeLessThan(viewport * 0.75);
  await openSettings(page);
  await page.getByTestId('settings-tab-chat').click();
  await page.getByTestId('setting-center-form').click();
  await page.keyboard.press('Escape');
  expect(await composerTop()).toBeGreaterThan(viewport * 0.75);
});

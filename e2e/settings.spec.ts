import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';
import type { ChatPage } from './pages/chat.ts';

/**
 * Settings tabs (doc 3 §2): switching tabs, and the General and Chat preferences taking effect on
 * the chat screen and surviving a reload (doc 3 §3 local preference keys).
 */

async function width(page: Page, testId: string): Promise<number> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} has no box`);
  return box.width;
}

const composerTop = async (chat: ChatPage) => (await chat.input.boundingBox())?.y ?? 0;

test('tabs, maximize chat space, user markdown, font size, hide side panel; kept after reload', async ({
  page,
  chat,
  settings,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);

  // A new chat centres the composer under the greeting; after the first message it sits at the bottom.
  const viewport = page.viewportSize()?.height ?? 900;
  expect(await composerTop(chat)).toBeLessThan(viewport * 0.75);

  await chat.send('Make this **bold** please');
  await expect(chat.lastAssistantText).not.toBeEmpty();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  expect(await composerTop(chat)).toBeGreaterThan(viewport * 0.75);

  // User messages render as markdown by default.
  const userText = chat.lastUserMessage().text;
  await expect(userText.locator('strong')).toHaveText('bold');
  const narrow = await width(page, 'message-list');
  const fontBefore = await userText.evaluate((el) => getComputedStyle(el).fontSize);

  await settings.open();
  // General is the first tab; its rows are there, Chat's are not.
  await expect(settings.tabButton('General')).toHaveAttribute('data-state', 'active');
  await expect(settings.setting('language')).toHaveValue('en-US');
  await expect(settings.setting('language').locator('option')).toHaveText(['English']);
  await expect(page.getByTestId('archived-manage')).toBeVisible();
  await expect(settings.setting('font-size')).toHaveCount(0);

  const markdown = settings.setting('user-markdown');
  await expect(markdown).toBeChecked();
  await markdown.click();
  await expect(markdown).not.toBeChecked();
  await expect(settings.setting('auto-scroll')).not.toBeChecked();
  await expect(page.getByTestId('parameters-button')).toBeVisible();
  await settings.setting('hide-side-panel').click();

  await settings.tab('Chat');
  await expect(settings.setting('user-markdown')).toHaveCount(0);
  await expect(settings.setting('center-form')).toBeChecked();
  const maximize = settings.setting('maximize-chat-space');
  await expect(maximize).not.toBeChecked();
  await maximize.click();
  await settings.setting('font-size').selectOption('text-xl');

  await settings.tab('Data controls');
  await expect(page.getByTestId('import-conversations')).toBeVisible();
  await settings.close();

  // Plain text now: the asterisks are shown as typed.
  await expect(userText).toHaveText('Make this **bold** please');
  await expect(userText.locator('strong')).toHaveCount(0);
  // The message column and the composer take the full width.
  const wide = await width(page, 'message-list');
  expect(wide).toBeGreaterThan(narrow + 100);
  expect(await width(page, 'composer-area')).toBeGreaterThan(narrow + 100);
  // Extra large is 1.25 rem.
  await expect(userText).toHaveCSS('font-size', '20px');
  expect(fontBefore).toBe('16px');
  // The side panel toggles are gone.
  await expect(page.getByTestId('parameters-button')).toHaveCount(0);

  await page.reload();
  await expect(userText).toHaveText('Make this **bold** please');
  await expect(userText).toHaveCSS('font-size', '20px');
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

  await settings.open();
  await expect(settings.setting('user-markdown')).not.toBeChecked();
  await settings.tab('Chat');
  await expect(settings.setting('maximize-chat-space')).toBeChecked();
  await expect(settings.setting('font-size')).toHaveValue('text-xl');
});

test('centre the composer on landing can be turned off', async ({ page, chat, settings }) => {
  await signIn(page);
  const viewport = page.viewportSize()?.height ?? 720;
  expect(await composerTop(chat)).toBeLessThan(viewport * 0.75);
  await settings.open('Chat');
  await settings.setting('center-form').click();
  await settings.close();
  expect(await composerTop(chat)).toBeGreaterThan(viewport * 0.75);
});

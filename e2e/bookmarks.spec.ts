import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiToken, signIn } from './helpers.ts';
import { type ChatPage, SAVED_CHAT_URL } from './pages/chat.ts';

/** Start a chat and wait for its reply; returns the conversation id. */
async function startChat(chat: ChatPage, text: string): Promise<string> {
  await chat.goto();
  await chat.send(text);
  await expect(chat.lastAssistantText).toContainText(text);
  await expect(chat.page).toHaveURL(SAVED_CHAT_URL);
  return chat.conversationId;
}

const panelTags = (page: Page) => page.getByTestId('bookmark-row-tag');

test('bookmarks: tag from the header, filter the sidebar, rename, reorder and delete in the panel', async ({
  page,
  chat,
  sidebar,
}) => {
  const account = await signIn(page);
  const first = sidebar.convo(await startChat(chat, 'Alpha planning notes'));
  const secondId = await startChat(chat, 'Beta research notes');
  const second = sidebar.convo(secondId);

  // Header menu on the open conversation: a new bookmark is added to it at once.
  await page.getByTestId('bookmark-menu-button').click();
  await expect(page.getByTestId('bookmark-menu-item')).toHaveCount(1); // the built-in Saved
  await page.getByTestId('bookmark-menu-new').click();
  const dialog = page.getByTestId('bookmark-dialog');
  await page.getByTestId('bookmark-save').click();
  await expect(page.getByTestId('bookmark-tag-error')).toHaveText('This field is required.');
  await page.getByTestId('bookmark-tag-input').fill('Saved');
  await page.getByTestId('bookmark-save').click();
  await expect(page.getByTestId('bookmark-tag-error')).toHaveText('This bookmark already exists.');
  await page.getByTestId('bookmark-tag-input').fill('Research');
  await page.getByTestId('bookmark-description-input').fill('Reading for the project');
  await page.getByTestId('bookmark-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('bookmark-menu-button')).toHaveAttribute('data-tagged', 'true');

  // The menu shows it checked; ticking Saved adds a second tag.
  await page.getByTestId('bookmark-menu-button').click();
  await expect(page.locator('[data-testid="bookmark-menu-item"][data-tag="Research"]')).toHaveAttribute(
    'data-state',
    'checked',
  );
  await page.locator('[data-testid="bookmark-menu-item"][data-tag="Saved"]').click();
  await expect(page.locator('[data-testid="bookmark-menu-item"][data-tag="Saved"]')).toHaveAttribute(
    'data-state',
    'checked',
  );
  await page.keyboard.press('Escape');

  // Sidebar filter: only the tagged conversation remains.
  await expect(first.link).toBeVisible();
  await sidebar.filterByBookmark('Research');
  await expect(second.link).toBeVisible();
  await expect(first.link).toHaveCount(0);

  // Panel: counts, rename (the filter follows), new bookmark.
  await page.getByTestId('bookmarks-panel-button').click();
  const panel = page.getByTestId('bookmarks-panel');
  await expect(panelTags(page)).toHaveText(['Saved', 'Research']);
  await expect(panel.locator('[data-tag="Research"] [data-testid="bookmark-count"]')).toHaveText('1');
  await panel.locator('[data-tag="Research"] [data-testid="bookmark-edit"]').click();
  await page.getByTestId('bookmark-tag-input').fill('Deep Research');
  await page.getByTestId('bookmark-save').click();
  await expect(panelTags(page)).toHaveText(['Saved', 'Deep Research']);
  await expect(sidebar.bookmarkFilterButton).toHaveText('Deep Research');
  await expect(second.link).toBeVisible();
  await expect(first.link).toHaveCount(0);

  await page.getByTestId('bookmarks-new').click();
  await page.getByTestId('bookmark-add-to-convo').uncheck();
  await page.getByTestId('bookmark-tag-input').fill('Later');
  await page.getByTestId('bookmark-save').click();
  await expect(panelTags(page)).toHaveText(['Saved', 'Deep Research', 'Later']);
  await expect(panel.locator('[data-tag="Later"] [data-testid="bookmark-count"]')).toHaveText('0');
  await page.getByTestId('bookmarks-filter').fill('lat');
  await expect(panelTags(page)).toHaveText(['Later']);
  await page.getByTestId('bookmarks-filter').fill('');

  // Reorder by dragging, then with the keyboard; the order is saved.
  await panel.locator('[data-tag="Later"]').dragTo(panel.locator('[data-tag="Saved"]'));
  await expect(panelTags(page)).toHaveText(['Later', 'Saved', 'Deep Research']);
  await panel.locator('[data-tag="Deep Research"] [data-testid="bookmark-grip"]').focus();
  await page.keyboard.press('ArrowUp');
  await expect(panelTags(page)).toHaveText(['Later', 'Deep Research', 'Saved']);
  const token = await apiToken(page, account);
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/tags', { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { tag: string; position: number }[]).map((t) => `${t.position}:${t.tag}`);
    })
    .toEqual(['0:Later', '1:Deep Research', '2:Saved']);
  await page.reload();
  await expect(panelTags(page)).toHaveText(['Later', 'Deep Research', 'Saved']);

  // Delete: it leaves the conversation, and the filter on it goes too.
  await sidebar.filterByBookmark('Deep Research');
  await expect(first.link).toHaveCount(0);
  await panel.locator('[data-tag="Deep Research"] [data-testid="bookmark-delete"]').click();
  await page.getByTestId('bookmark-delete-confirm').click();
  await expect(panelTags(page)).toHaveText(['Later', 'Saved']);
  await expect(first.link).toBeVisible();
  await expect(sidebar.bookmarkFilterButton).toHaveText('Filter by bookmark');
  const convo = await page.request.get(`/api/convos/${secondId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await convo.json()).tags).toEqual(['Saved']);
});

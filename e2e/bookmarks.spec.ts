import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { type Account, apiToken, signIn, startConversation } from './helpers.ts';
import { type ChatPage, SAVED_CHAT_URL } from './pages/chat.ts';

/**
 * Bookmarks (doc 3 §7): tagging from the chat header, the sidebar filter, and the bookmarks panel.
 * Each test has its own account; the panel tests set their conversations and tags up over the API.
 */
test.describe.configure({ mode: 'parallel' });

/** Start a chat and wait for its reply; returns the conversation id. */
async function startChat(chat: ChatPage, text: string): Promise<string> {
  await chat.goto();
  await chat.send(text);
  await expect(chat.lastAssistantText).toContainText(text);
  await expect(chat.page).toHaveURL(SAVED_CHAT_URL);
  return chat.conversationId;
}

/**
 * Two conversations over the API, the second tagged `tag` (a bookmark made for it) and Saved;
 * the page is reloaded to list them. Returns the ids and the API headers.
 */
async function twoConversationsOneTagged(page: Page, account: Account, tag: string) {
  const token = await apiToken(page, account);
  const headers = { authorization: `Bearer ${token}` };
  const first = await startConversation(page, token, 'Alpha planning notes');
  const second = await startConversation(page, token, 'Beta research notes');
  const created = await page.request.post('/api/tags', {
    headers,
    data: { tag, conversationId: second, addToConversation: true },
  });
  expect(created.status()).toBe(200);
  const tagged = await page.request.put(`/api/tags/convo/${second}`, {
    headers,
    data: { tags: [tag, 'Saved'] },
  });
  expect(tagged.status()).toBe(200);
  await page.reload();
  return { first, second, headers };
}

const panelTags = (page: Page) => page.getByTestId('bookmark-row-tag');

test('bookmarks: a new bookmark from the header tags the open conversation; the sidebar filter shows only it', async ({
  page,
  chat,
  sidebar,
}) => {
  await signIn(page);
  const first = sidebar.convo(await startChat(chat, 'Alpha planning notes'));
  const second = sidebar.convo(await startChat(chat, 'Beta research notes'));

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
});

test('bookmarks panel: counts, rename (the filter follows), a new bookmark, search, reorder (saved)', async ({
  page,
  sidebar,
}) => {
  const account = await signIn(page);
  const ids = await twoConversationsOneTagged(page, account, 'Research');
  const first = sidebar.convo(ids.first);
  const second = sidebar.convo(ids.second);
  // The tagged conversation is the open one.
  await second.open();
  await expect(page).toHaveURL(new RegExp(ids.second));
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
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/tags', { headers: ids.headers });
      return ((await res.json()) as { tag: string; position: number }[]).map((t) => `${t.position}:${t.tag}`);
    })
    .toEqual(['0:Later', '1:Deep Research', '2:Saved']);
  await page.reload();
  await expect(panelTags(page)).toHaveText(['Later', 'Deep Research', 'Saved']);
});

test('bookmarks panel: deleting a bookmark takes it off its conversations, and a filter on it goes', async ({
  page,
  sidebar,
}) => {
  const account = await signIn(page);
  const ids = await twoConversationsOneTagged(page, account, 'Deep Research');
  const first = sidebar.convo(ids.first);
  // The tagged conversation is the open one.
  await sidebar.convo(ids.second).open();
  await expect(page).toHaveURL(new RegExp(ids.second));
  await page.getByTestId('bookmarks-panel-button').click();
  const panel = page.getByTestId('bookmarks-panel');
  await expect(panelTags(page)).toHaveText(['Saved', 'Deep Research']);

  await sidebar.filterByBookmark('Deep Research');
  await expect(sidebar.convo(ids.second).link).toBeVisible();
  await expect(first.link).toHaveCount(0);
  await panel.locator('[data-tag="Deep Research"] [data-testid="bookmark-delete"]').click();
  await page.getByTestId('bookmark-delete-confirm').click();
  await expect(panelTags(page)).toHaveText(['Saved']);
  await expect(first.link).toBeVisible();
  await expect(sidebar.bookmarkFilterButton).toHaveText('Filter by bookmark');
  const convo = await page.request.get(`/api/convos/${ids.second}`, { headers: ids.headers });
  expect((await convo.json()).tags).toEqual(['Saved']);
});

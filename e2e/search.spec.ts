import { expect, test } from './fixtures.ts';
import { apiToken, signIn } from './helpers.ts';
import { SAVED_CHAT_URL } from './pages/chat.ts';

test('sidebar search: type, see highlighted hits, open the conversation at the message', async ({
  page,
  chat,
  sidebar,
}) => {
  await signIn(page);
  await chat.send('Which kangaroo species live in Tasmania?');
  await expect(chat.lastAssistantText).toContainText('kangaroo');
  await expect(page).toHaveURL(SAVED_CHAT_URL);
  const convoId = chat.conversationId;
  await sidebar.newChat();
  await chat.send('Something unrelated about teapots');
  await expect(chat.lastAssistantText).toContainText('teapots');
  await expect(page).toHaveURL(SAVED_CHAT_URL);

  const box = sidebar.searchInput;
  await box.click();
  await box.pressSequentially('kangar', { delay: 40 });
  // Debounced into the search screen; the field keeps focus.
  await expect(page).toHaveURL(/\/search\?q=kangar$/);
  await expect(box).toBeFocused();
  const hits = page.getByTestId('search-hit');
  await expect(hits.first()).toBeVisible();
  // The prompt and the echoing reply; nothing from the other chat.
  await expect(hits).toHaveCount(2);
  await expect(page.getByTestId('search-screen')).not.toContainText('teapots');
  const mark = page.getByTestId('search-mark').first();
  await expect(mark).toHaveText(/kangar/i);
  expect(await mark.evaluate((el) => el.tagName)).toBe('MARK');

  // Nothing found.
  await box.fill('zzzqqq');
  await expect(page.getByTestId('search-empty')).toContainText('Nothing found');

  // Back to results and open the user's message.
  await box.fill('kangaroo');
  await expect(page).toHaveURL(/\/search\?q=kangaroo$/);
  const userHit = page.getByTestId('search-hit').filter({ hasText: 'You' }).first();
  const messageId = await userHit.getAttribute('data-message-id');
  await userHit.click();
  await expect(page).toHaveURL(new RegExp(`/chat/${convoId}$`));
  await expect(chat.message(messageId!).root).toBeVisible();
  await expect(page.locator('[data-highlighted="true"]')).toBeVisible();

  // The field keeps the query; Enter searches again at once.
  await expect(box).toHaveValue('kangaroo');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=kangaroo$/);
  // Clearing the field returns to a new chat; so does emptying it or Backspace on empty.
  await page.getByTestId('search-clear').click();
  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(box).toHaveValue('');
  await box.fill('tea');
  await expect(page).toHaveURL(/\/search\?q=tea$/);
  await box.fill('');
  await expect(page).toHaveURL(/\/chat\/new$/);
  await box.fill('t');
  await expect(page).toHaveURL(/\/search\?q=t$/);
  await box.press('Backspace');
  await expect(page).toHaveURL(/\/chat\/new$/);
  await page.goto('/search?q=kangaroo');
  await expect(box).toHaveValue('kangaroo');
  await box.fill('');
  await box.press('Backspace');
  await expect(page).toHaveURL(/\/chat\/new$/);
});

test('a temporary chat is flagged, stays out of the list and out of search', async ({
  page,
  chat,
  sidebar,
}) => {
  const account = await signIn(page);
  await page.getByTestId('temporary-chat-toggle').click();
  await expect(page.getByTestId('temporary-chat-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('temporary-chat-notice')).toContainText('deleted after 30 days');
  await chat.send('A secret about wombats');
  await expect(chat.lastAssistantText).toContainText('wombats');
  await expect(page).toHaveURL(SAVED_CHAT_URL);
  const tempId = chat.conversationId;
  await expect(page.getByTestId('temporary-chat-notice')).toBeVisible();
  await expect(sidebar.convo(tempId).link).toHaveCount(0);

  // The server agrees: expiry set, not listed.
  const token = await apiToken(page, account);
  const convo = await (
    await page.request.get(`/api/convos/${tempId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(convo.expiredAt).toBeGreaterThan(Date.now());
  const list = await (
    await page.request.get('/api/convos', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(list.conversations.map((c: { conversationId: string }) => c.conversationId)).not.toContain(tempId);

  await page.reload();
  await expect(page.getByTestId('temporary-chat-notice')).toBeVisible();
  await expect(sidebar.convo(tempId).link).toHaveCount(0);

  await sidebar.searchInput.fill('wombats');
  await expect(page).toHaveURL(/\/search\?q=wombats$/);
  await expect(page.getByTestId('search-empty')).toBeVisible();
});

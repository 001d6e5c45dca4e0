import { expect, test } from './fixtures.ts';
import { newAccount, registerOverApi, registerViaUi, signIn } from './helpers.ts';
import { ChatPage, SAVED_CHAT_URL } from './pages/chat.ts';

test('register, send, see the streamed reply, reload: the conversation is in the sidebar', async ({
  page,
  chat,
  sidebar,
}) => {
  await registerViaUi(page);
  await chat.send('Hello from the browser');
  await expect(chat.userMessages.last()).toContainText('Hello from the browser');
  await expect(chat.lastAssistantText).toContainText('Hello from the browser');
  await chat.waitForSaved();
  const reply = await chat.lastAssistantText.innerText();

  await page.reload();
  await expect(sidebar.convo(chat.conversationId).link).toBeVisible();
  await expect(chat.lastAssistantText).toHaveText(reply);
});

test('a new chat keeps its rendered reply when its address gets the new id (no remount)', async ({
  page,
  chat,
}) => {
  await signIn(page);
  await chat.send('Keep me mounted [[fake:tokens=80 tps=40]]');
  await expect(chat.lastAssistantText).not.toBeEmpty();
  await expect(page).toHaveURL(/\/chat\/new$/);
  const reply = await chat.assistantMessages.last().elementHandle();
  await chat.waitForSaved();
  // The same element: the list was not torn down and rebuilt when the route changed.
  expect(await reply?.evaluate((el) => el.isConnected)).toBe(true);
  await expect(page.getByTestId('convo-loading')).toHaveCount(0);
});

test('opening a conversation by its address fetches its messages once, early', async ({
  page,
  chat,
  context,
}) => {
  await signIn(page);
  await chat.send('Open me cold');
  const convoId = await chat.waitForSaved();
  const reply = await chat.lastAssistantText.innerText();
  // A fresh tab (same session), at the address and at its legacy form.
  for (const address of [`/chat/${convoId}`, `/c/${convoId}`]) {
    const tab = await context.newPage();
    const requests: string[] = [];
    tab.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await tab.goto(address);
    await expect(new ChatPage(tab).lastAssistantText).toHaveText(reply);
    await tab.waitForTimeout(500);
    const messages = `/api/messages/${convoId}`;
    // The boot-time request is the one the conversation view uses: no second fetch…
    expect(
      requests.filter((p) => p === messages),
      address,
    ).toHaveLength(1);
    // …and it leaves with the session refresh, before the rendered shell asks for the sidebar.
    expect(requests.indexOf(messages), address).toBeLessThan(requests.indexOf('/api/convos'));
    await tab.close();
  }
});

test('stop mid-reply keeps the partial text', async ({ page, chat }) => {
  await signIn(page);
  await chat.send('Tell me a long story [[fake:tokens=600 tps=25]]');
  const text = chat.lastAssistantText;
  await expect(text).not.toBeEmpty();
  await chat.stop();
  await expect(chat.sendButton).toBeVisible();
  const partial = await text.innerText();
  expect(partial.length).toBeGreaterThan(0);
  await page.waitForTimeout(600);
  expect(await text.innerText()).toBe(partial); // nothing more arrives after stop

  await page.reload();
  await expect(chat.lastAssistantText).toHaveText(partial);
});

test('reload mid-reply reattaches and ends with the complete text', async ({ page, chat }) => {
  await signIn(page);
  await chat.send('First message');
  await expect(page).toHaveURL(SAVED_CHAT_URL);
  await expect(chat.assistantMessages).toHaveCount(1);

  await chat.send('Now a long reply please [[fake:tokens=300 tps=60]]');
  await expect(chat.assistantMessages).toHaveCount(2);
  await expect(chat.lastAssistantText).not.toBeEmpty();
  await page.reload();
  await expect(chat.assistantMessages).toHaveCount(2);
  // The send button returns once the resumed stream has finished.
  await chat.waitForReply({ timeout: 20_000 });
  await expect(chat.stopButton).toHaveCount(0);
  const resumed = await chat.lastAssistantText.innerText();

  // What was saved is exactly what the resumed view shows: no token duplicated or lost.
  await page.reload();
  await expect(chat.lastAssistantText).toHaveText(resumed);
  expect(resumed.length).toBeGreaterThan(200);
});

test("a second user cannot open the first user's conversation", async ({ page, chat, browser }) => {
  // Two people and two browsers on a busy machine: more than the default budget.
  test.setTimeout(90_000);
  await signIn(page);
  await chat.send('Private thoughts');
  // The address gets the id once the reply is complete: a state to wait for, however long it takes.
  await expect(page).toHaveURL(SAVED_CHAT_URL, { timeout: 30_000 });
  const convoId = chat.conversationId;

  // The second person signs in over the API (the login form is not what this test is about): the
  // refresh cookie lands in their browser, whose app then opens the session by itself.
  const other = await browser.newContext();
  const page2 = await other.newPage();
  const account2 = newAccount();
  await registerOverApi(page2.request, account2);
  const login = await page2.request.post('/api/auth/login', {
    data: { email: account2.email, password: account2.password },
  });
  expect(login.status()).toBe(200);
  const { token } = await login.json();

  await page2.goto(`/chat/${convoId}`);
  await expect(page2.getByTestId('convo-not-found')).toBeVisible({ timeout: 20_000 });
  await expect(page2.getByText('Private thoughts')).toHaveCount(0);

  const res = await page2.request.get(`/api/convos/${convoId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(404);
  const msgs = await page2.request.get(`/api/messages/${convoId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(msgs.status()).toBe(404);
  // The first user still opens it (the 404 is about who asks, not a broken conversation).
  await page.reload();
  await expect(chat.lastAssistantText).toContainText('Private thoughts');
  await other.close();
});

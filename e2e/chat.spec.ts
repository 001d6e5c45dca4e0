import { expect, test } from '@playwright/test';
import { assistantMessages, lastAssistantText, newAccount, registerViaUi, send, signIn } from './helpers.ts';

test('register, send, see the streamed reply, reload: the conversation is in the sidebar', async ({
  page,
}) => {
  await registerViaUi(page);
  await send(page, 'Hello from the browser');
  await expect(page.locator('[data-testid="message"][data-role="user"]').last()).toContainText(
    'Hello from the browser',
  );
  await expect(lastAssistantText(page)).toContainText('Hello from the browser');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('send-button')).toBeVisible();
  const reply = await lastAssistantText(page).innerText();

  await page.reload();
  const url = page.url();
  const convoId = url.split('/').pop()!;
  await expect(page.locator(`[data-testid="convo-row"][data-convo-id="${convoId}"]`)).toBeVisible();
  await expect(lastAssistantText(page)).toHaveText(reply);
});

test('a new chat keeps its rendered reply when its address gets the new id (no remount)', async ({
  page,
}) => {
  await signIn(page);
  await send(page, 'Keep me mounted [[fake:tokens=80 tps=40]]');
  await expect(lastAssistantText(page)).not.toBeEmpty();
  await expect(page).toHaveURL(/\/chat\/new$/);
  const reply = await assistantMessages(page).last().elementHandle();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('send-button')).toBeVisible();
  // The same element: the list was not torn down and rebuilt when the route changed.
  expect(await reply?.evaluate((el) => el.isConnected)).toBe(true);
  await expect(page.getByTestId('convo-loading')).toHaveCount(0);
});

test('opening a conversation by its address fetches its messages once, early', async ({ page, context }) => {
  await signIn(page);
  await send(page, 'Open me cold');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('send-button')).toBeVisible();
  const convoId = page.url().split('/').pop()!;
  const reply = await lastAssistantText(page).innerText();
  // A fresh tab (same session), at the address and at its legacy form.
  for (const address of [`/chat/${convoId}`, `/c/${convoId}`]) {
    const tab = await context.newPage();
    const requests: string[] = [];
    tab.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await tab.goto(address);
    await expect(lastAssistantText(tab)).toHaveText(reply);
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

test('stop mid-reply keeps the partial text', async ({ page }) => {
  await signIn(page);
  await send(page, 'Tell me a long story [[fake:tokens=600 tps=25]]');
  const text = lastAssistantText(page);
  await expect(text).not.toBeEmpty();
  await page.getByTestId('stop-button').click();
  await expect(page.getByTestId('send-button')).toBeVisible();
  const partial = await text.innerText();
  expect(partial.length).toBeGreaterThan(0);
  await page.waitForTimeout(600);
  expect(await text.innerText()).toBe(partial); // nothing more arrives after stop

  await page.reload();
  await expect(lastAssistantText(page)).toHaveText(partial);
});

test('reload mid-reply reattaches and ends with the complete text', async ({ page }) => {
  await signIn(page);
  await send(page, 'First message');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(assistantMessages(page)).toHaveCount(1);

  await send(page, 'Now a long reply please [[fake:tokens=300 tps=60]]');
  await expect(assistantMessages(page)).toHaveCount(2);
  await expect(lastAssistantText(page)).not.toBeEmpty();
  await page.reload();
  await expect(assistantMessages(page)).toHaveCount(2);
  // The send button returns once the resumed stream has finished.
  await expect(page.getByTestId('send-button')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('stop-button')).toHaveCount(0);
  const resumed = await lastAssistantText(page).innerText();

  // What was saved is exactly what the resumed view shows: no token duplicated or lost.
  await page.reload();
  await expect(lastAssistantText(page)).toHaveText(resumed);
  expect(resumed.length).toBeGreaterThan(200);
});

test("a second user cannot open the first user's conversation", async ({ page, browser }) => {
  // Two people and two browsers on a busy machine: more than the default budget.
  test.setTimeout(90_000);
  await signIn(page);
  await send(page, 'Private thoughts');
  // The address gets the id once the reply is complete: a state to wait for, however long it takes.
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const convoId = page.url().split('/').pop()!;

  // The second person signs in over the API (the login form is not what this test is about): the
  // refresh cookie lands in their browser, whose app then opens the session by itself.
  const other = await browser.newContext();
  const page2 = await other.newPage();
  const account2 = newAccount();
  const register = await page2.request.post('/api/auth/register', {
    data: { ...account2, confirm_password: account2.password },
  });
  expect(register.status()).toBe(200);
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
  await expect(lastAssistantText(page)).toContainText('Private thoughts');
  await other.close();
});

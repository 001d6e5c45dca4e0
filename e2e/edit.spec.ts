import { expect, type Page, test } from '@playwright/test';
import { assistantMessages, lastAssistantText, send, signIn } from './helpers.ts';

const userMessages = (page: Page) => page.locator('[data-testid=message][data-role=user]');

async function openEditor(page: Page, message: ReturnType<Page['locator']>) {
  await message.hover();
  await message.getByTestId('edit-button').click();
  const input = page.getByTestId('message-editor-input');
  await expect(input).toBeFocused();
  return input;
}

test('Save & Submit on a user message makes a new branch; the arrows go back to the first', async ({
  page,
}) => {
  await signIn(page);
  await send(page, 'Tell me about otters');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('send-button')).toBeVisible();
  await expect(lastAssistantText(page)).toContainText('otters');

  const input = await openEditor(page, userMessages(page).last());
  await expect(input).toHaveValue('Tell me about otters');
  await input.fill('Tell me about beavers');
  await page.getByTestId('edit-submit').click();

  await expect(page.getByTestId('message-editor')).toHaveCount(0);
  await expect(userMessages(page).last().getByTestId('message-text')).toHaveText('Tell me about beavers');
  await expect(lastAssistantText(page)).toContainText('beavers');
  await expect(page.getByTestId('send-button')).toBeVisible();
  const counter = userMessages(page).last().getByTestId('sibling-counter');
  await expect(counter).toHaveText('2 / 2');

  await userMessages(page).last().hover();
  await userMessages(page).last().getByRole('button', { name: 'Previous' }).click();
  await expect(counter).toHaveText('1 / 2');
  await expect(userMessages(page).last().getByTestId('message-text')).toHaveText('Tell me about otters');
  await expect(lastAssistantText(page)).toContainText('otters');
  await expect(assistantMessages(page)).toHaveCount(1);

  // Ctrl+Enter resubmits too: a third version, selected as the newest.
  const again = await openEditor(page, userMessages(page).last());
  await again.fill('Tell me about seals');
  await again.press('Control+Enter');
  await expect(counter).toHaveText('3 / 3');
  await expect(lastAssistantText(page)).toContainText('seals');
  await expect(page.getByTestId('send-button')).toBeVisible();

  await page.reload();
  await expect(userMessages(page).last().getByTestId('sibling-counter')).toHaveText('3 / 3');
});

test('Save updates a user message in place, without a new reply, and it stays after reload', async ({
  page,
}) => {
  await signIn(page);
  await send(page, 'Original wording');
  await expect(page.getByTestId('send-button')).toBeVisible();
  await expect(lastAssistantText(page)).toContainText('Original wording');

  const input = await openEditor(page, userMessages(page).last());
  await input.fill('');
  await expect(page.getByText('The text is required.')).toBeVisible();
  await expect(page.getByTestId('edit-save')).toBeDisabled();
  await expect(page.getByTestId('edit-submit')).toBeDisabled();
  await input.fill('Corrected wording');
  await expect(page.getByTestId('edit-save')).toHaveAttribute('title', 'Shift+Enter');
  await page.getByTestId('edit-save').click();

  await expect(page.getByTestId('message-editor')).toHaveCount(0);
  await expect(userMessages(page).last().getByTestId('message-text')).toHaveText('Corrected wording');
  await expect(page.getByTestId('sibling-counter')).toHaveCount(0);
  await expect(assistantMessages(page)).toHaveCount(1);
  await expect(lastAssistantText(page)).toContainText('Original wording');

  await page.reload();
  await expect(userMessages(page).last().getByTestId('message-text')).toHaveText('Corrected wording');
  await expect(assistantMessages(page)).toHaveCount(1);
});

test('an AI message is edited and saved in place with Shift+Enter', async ({ page }) => {
  await signIn(page);
  await send(page, 'Say something');
  // The reply is complete (the address has the new id) before editing it: the send button alone
  // may still show before the stream starts.
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('send-button')).toBeVisible();
  const reply = assistantMessages(page).last();
  await expect(reply).not.toHaveAttribute('data-streaming');
  await expect(reply.getByTestId('message-text')).toContainText('Say something');

  const input = await openEditor(page, reply);
  await input.fill('A **better** answer');
  await input.press('Shift+Enter');

  await expect(page.getByTestId('message-editor')).toHaveCount(0);
  await expect(reply.getByTestId('message-text')).toHaveText('A better answer');
  await expect(reply.locator('strong')).toHaveText('better');
  await page.reload();
  await expect(lastAssistantText(page)).toHaveText('A better answer');
  await expect(assistantMessages(page)).toHaveCount(1);
});

test('an edit saved while the new chat is still loading from the server is not undone by that load', async ({
  page,
}) => {
  await signIn(page);
  // Hold the first load of the new conversation (it starts when the address gets the id) until the
  // edit is saved: under load this is what happens when the user is quicker than the server.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  let staleServed: () => void = () => {};
  const stale = new Promise<void>((r) => {
    staleServed = r;
  });
  let first = true;
  await page.route(/\/api\/messages\/[0-9a-f-]{36}$/, async (route) => {
    if (route.request().method() !== 'GET' || !first) return route.continue();
    first = false;
    const response = await route.fetch();
    await held;
    await route.fulfill({ response }).catch(() => {});
    staleServed();
  });
  await send(page, 'Say something');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const reply = assistantMessages(page).last();
  await expect(reply).not.toHaveAttribute('data-streaming');

  const input = await openEditor(page, reply);
  await input.fill('Edited while loading');
  await input.press('Shift+Enter');
  await expect(page.getByTestId('message-editor')).toHaveCount(0);
  await expect(reply.getByTestId('message-text')).toHaveText('Edited while loading');
  // Now the old answer of the held load arrives; the text must stay the edited one.
  release();
  await stale;
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(reply.getByTestId('message-text')).toHaveText('Edited while loading');
  await page.reload();
  await expect(lastAssistantText(page)).toHaveText('Edited while loading');
});

test('Escape and Cancel close the editor without changing the message', async ({ page }) => {
  await signIn(page);
  await send(page, 'Keep this');
  await expect(page.getByTestId('send-button')).toBeVisible();

  const input = await openEditor(page, userMessages(page).last());
  await input.fill('Throw this away');
  await input.press('Escape');
  await expect(page.getByTestId('message-editor')).toHaveCount(0);
  await expect(userMessages(page).last().getByTestId('message-text')).toHaveText('Keep this');

  const again = await openEditor(page, userMessages(page).last());
  await expect(again).toHaveValue('Keep this');
  await again.fill('Also thrown away');
  await page.getByTestId('edit-cancel').click();
  await expect(page.getByTestId('message-editor')).toHaveCount(0);
  await expect(userMessages(page).last().getByTestId('message-text')).toHaveText('Keep this');
  await page.reload();
  await expect(userMessages(page).last().getByTestId('message-text')).toHaveText('Keep this');
});

test('Continue appends to a reply cut off by the length limit', async ({ page }) => {
  await signIn(page);
  await send(page, 'Write a long story [[fake:length]]');
  await expect(page.getByTestId('send-button')).toBeVisible();
  const reply = assistantMessages(page).last();
  await expect(reply.getByTestId('message-text')).toContainText('Write a long story');
  const before = (await reply.getByTestId('message-text').innerText()).trim();

  await reply.getByTestId('continue-button').click();
  await expect(page.getByTestId('send-button')).toBeVisible();
  await expect
    .poll(async () => (await reply.getByTestId('message-text').innerText()).trim().length)
    .toBeGreaterThan(before.length);
  const after = (await reply.getByTestId('message-text').innerText()).trim();
  expect(after.startsWith(before.slice(0, 20))).toBe(true);
  await expect(assistantMessages(page)).toHaveCount(1);
  await expect(page.getByTestId('sibling-counter')).toHaveCount(0);

  await page.reload();
  await expect(lastAssistantText(page)).toContainText('Write a long story');
  await expect.poll(async () => (await lastAssistantText(page).innerText()).trim()).toBe(after);
  await expect(assistantMessages(page)).toHaveCount(1);
});

test('Continue is not offered on a reply that finished normally', async ({ page }) => {
  await signIn(page);
  await send(page, 'A short question');
  await expect(page.getByTestId('send-button')).toBeVisible();
  await expect(lastAssistantText(page)).toContainText('A short question');
  await expect(assistantMessages(page).last().getByTestId('regenerate-button')).toBeVisible();
  await expect(page.getByTestId('continue-button')).toHaveCount(0);
});

test('Save & Submit on the latest AI message saves the edit and continues the reply from it', async ({
  page,
}) => {
  await signIn(page);
  await send(page, 'First question');
  await expect(page.getByTestId('send-button')).toBeVisible();
  await send(page, 'Second question');
  await expect(page.getByTestId('send-button')).toBeVisible();
  await expect(assistantMessages(page)).toHaveCount(2);

  // An older reply only saves in place.
  await openEditor(page, assistantMessages(page).first());
  await expect(page.getByTestId('edit-submit')).toHaveCount(0);
  await page.getByTestId('edit-cancel').click();

  const reply = assistantMessages(page).last();
  const input = await openEditor(page, reply);
  await input.fill('My own opening.');
  await page.getByTestId('edit-submit').click();
  await expect(page.getByTestId('send-button')).toBeVisible();
  const text = reply.getByTestId('message-text');
  await expect(text).toContainText('My own opening.');
  await expect(text).toContainText('Second question');
  await expect(assistantMessages(page)).toHaveCount(2);
  await expect(page.getByTestId('sibling-counter')).toHaveCount(0);

  await page.reload();
  await expect(lastAssistantText(page)).toContainText('My own opening.');
  await expect(lastAssistantText(page)).toContainText('Second question');
});

import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

test('Save & Submit on a user message makes a new branch; the arrows go back to the first', async ({
  page,
  chat,
}) => {
  await signIn(page);
  await chat.send('Tell me about otters');
  await chat.waitForSaved();
  await expect(chat.lastAssistantText).toContainText('otters');

  const question = chat.lastUserMessage();
  const editor = await question.edit();
  await expect(editor.input).toHaveValue('Tell me about otters');
  await editor.input.fill('Tell me about beavers');
  await editor.submit();

  await expect(chat.editor).toHaveCount(0);
  await expect(question.text).toHaveText('Tell me about beavers');
  await expect(chat.lastAssistantText).toContainText('beavers');
  await chat.waitForReply();
  await expect(question.siblingCounter).toHaveText('2 / 2');

  await question.previousVersion();
  await expect(question.siblingCounter).toHaveText('1 / 2');
  await expect(question.text).toHaveText('Tell me about otters');
  await expect(chat.lastAssistantText).toContainText('otters');
  await expect(chat.assistantMessages).toHaveCount(1);

  // Ctrl+Enter resubmits too: a third version, selected as the newest.
  const again = await question.edit();
  await again.input.fill('Tell me about seals');
  await again.input.press('Control+Enter');
  await expect(question.siblingCounter).toHaveText('3 / 3');
  await expect(chat.lastAssistantText).toContainText('seals');
  await chat.waitForReply();

  await page.reload();
  await expect(question.siblingCounter).toHaveText('3 / 3');
});

test('Save updates a user message in place, without a new reply, and it stays after reload', async ({
  page,
  chat,
}) => {
  await signIn(page);
  await chat.sendAndWait('Original wording');
  await expect(chat.lastAssistantText).toContainText('Original wording');

  const editor = await chat.lastUserMessage().edit();
  await editor.input.fill('');
  await expect(page.getByText('The text is required.')).toBeVisible();
  await expect(editor.saveButton).toBeDisabled();
  await expect(editor.submitButton).toBeDisabled();
  await editor.input.fill('Corrected wording');
  await expect(editor.saveButton).toHaveAttribute('title', 'Shift+Enter');
  await editor.save();

  await expect(chat.editor).toHaveCount(0);
  await expect(chat.lastUserMessage().text).toHaveText('Corrected wording');
  await expect(page.getByTestId('sibling-counter')).toHaveCount(0);
  await expect(chat.assistantMessages).toHaveCount(1);
  await expect(chat.lastAssistantText).toContainText('Original wording');

  await page.reload();
  await expect(chat.lastUserMessage().text).toHaveText('Corrected wording');
  await expect(chat.assistantMessages).toHaveCount(1);
});

test('an AI message is edited and saved in place with Shift+Enter', async ({ page, chat }) => {
  await signIn(page);
  await chat.send('Say something');
  // The reply is complete (the address has the new id) before editing it: the send button alone
  // may still show before the stream starts.
  await chat.waitForSaved();
  const reply = chat.lastAssistantMessage();
  await expect(reply.root).not.toHaveAttribute('data-streaming');
  await expect(reply.text).toContainText('Say something');

  const editor = await reply.edit();
  await editor.input.fill('A **better** answer');
  await editor.input.press('Shift+Enter');

  await expect(chat.editor).toHaveCount(0);
  await expect(reply.text).toHaveText('A better answer');
  await expect(reply.root.locator('strong')).toHaveText('better');
  await page.reload();
  await expect(chat.lastAssistantText).toHaveText('A better answer');
  await expect(chat.assistantMessages).toHaveCount(1);
});

test('an edit saved while the new chat is still loading from the server is not undone by that load', async ({
  page,
  chat,
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
  await chat.send('Say something');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const reply = chat.lastAssistantMessage();
  await expect(reply.root).not.toHaveAttribute('data-streaming');

  const editor = await reply.edit();
  await editor.input.fill('Edited while loading');
  await editor.input.press('Shift+Enter');
  await expect(chat.editor).toHaveCount(0);
  await expect(reply.text).toHaveText('Edited while loading');
  // Now the old answer of the held load arrives; the text must stay the edited one.
  release();
  await stale;
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(reply.text).toHaveText('Edited while loading');
  await page.reload();
  await expect(chat.lastAssistantText).toHaveText('Edited while loading');
});

test('Escape and Cancel close the editor without changing the message', async ({ page, chat }) => {
  await signIn(page);
  await chat.sendAndWait('Keep this');
  const question = chat.lastUserMessage();

  const editor = await question.edit();
  await editor.input.fill('Throw this away');
  await editor.input.press('Escape');
  await expect(chat.editor).toHaveCount(0);
  await expect(question.text).toHaveText('Keep this');

  const again = await question.edit();
  await expect(again.input).toHaveValue('Keep this');
  await again.input.fill('Also thrown away');
  await again.cancel();
  await expect(chat.editor).toHaveCount(0);
  await expect(question.text).toHaveText('Keep this');
  await page.reload();
  await expect(question.text).toHaveText('Keep this');
});

test('Continue appends to a reply cut off by the length limit', async ({ page, chat }) => {
  await signIn(page);
  await chat.sendAndWait('Write a long story [[fake:length]]');
  const reply = chat.lastAssistantMessage();
  await expect(reply.text).toContainText('Write a long story');
  const before = (await reply.text.innerText()).trim();

  await reply.continue();
  await chat.waitForReply();
  await expect.poll(async () => (await reply.text.innerText()).trim().length).toBeGreaterThan(before.length);
  const after = (await reply.text.innerText()).trim();
  expect(after.startsWith(before.slice(0, 20))).toBe(true);
  await expect(chat.assistantMessages).toHaveCount(1);
  await expect(page.getByTestId('sibling-counter')).toHaveCount(0);

  await page.reload();
  await expect(chat.lastAssistantText).toContainText('Write a long story');
  await expect.poll(async () => (await chat.lastAssistantText.innerText()).trim()).toBe(after);
  await expect(chat.assistantMessages).toHaveCount(1);
});

test('Continue is not offered on a reply that finished normally', async ({ page, chat }) => {
  await signIn(page);
  await chat.sendAndWait('A short question');
  await expect(chat.lastAssistantText).toContainText('A short question');
  await expect(chat.lastAssistantMessage().root.getByTestId('regenerate-button')).toBeVisible();
  await expect(page.getByTestId('continue-button')).toHaveCount(0);
});

test('Save & Submit on the latest AI message saves the edit and continues the reply from it', async ({
  page,
  chat,
}) => {
  await signIn(page);
  await chat.sendAndWait('First question');
  await chat.sendAndWait('Second question');
  await expect(chat.assistantMessages).toHaveCount(2);

  // An older reply only saves in place.
  const older = await chat.assistantMessage(0).edit();
  await expect(older.submitButton).toHaveCount(0);
  await older.cancel();

  const reply = chat.lastAssistantMessage();
  const editor = await reply.edit();
  await editor.input.fill('My own opening.');
  await editor.submit();
  await chat.waitForReply();
  await expect(reply.text).toContainText('My own opening.');
  await expect(reply.text).toContainText('Second question');
  await expect(chat.assistantMessages).toHaveCount(2);
  await expect(page.getByTestId('sibling-counter')).toHaveCount(0);

  await page.reload();
  await expect(chat.lastAssistantText).toContainText('My own opening.');
  await expect(chat.lastAssistantText).toContainText('Second question');
});

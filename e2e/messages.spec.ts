import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

test('regenerate adds a sibling reply and the arrows move between them', async ({ page, chat }) => {
  await signIn(page);
  await chat.send('Give me a fact');
  await chat.waitForSaved();
  const reply = chat.lastAssistantMessage();
  await reply.regenerate();
  await expect(reply.siblingCounter).toHaveText('2 / 2');
  await chat.waitForReply();
  await reply.previousVersion();
  await expect(reply.siblingCounter).toHaveText('1 / 2');
  await page.reload();
  await expect(reply.siblingCounter).toContainText('/ 2');
});

test('a provider error is shown as the spec text in the thread, not a stack trace', async ({
  page,
  chat,
}) => {
  await signIn(page);
  await chat.send('hello [[fake:error-401]]');
  const error = chat.lastAssistantText;
  await expect(error).toContainText('Invalid API key');
  await expect(error).not.toContainText(/at \S+\.(js|ts):\d+/);
  await expect(chat.sendButton).toBeVisible();
});

test('a reply that fails mid-stream keeps its partial text above the error, also after reload', async ({
  page,
  chat,
}) => {
  await signIn(page);
  await chat.send('hello [[fake:midstream-error]]');
  const reply = chat.lastAssistantMessage();
  await expect(reply.text).toHaveAttribute('data-error', 'true');
  await expect(reply.root.getByTestId('message-partial')).not.toBeEmpty();
  const partial = await reply.root.getByTestId('message-partial').innerText();
  await page.reload();
  const saved = chat.lastAssistantMessage();
  await expect(saved.root.getByTestId('message-partial')).toHaveText(partial);
  await expect(saved.text).toHaveAttribute('data-error', 'true');
});

test('choosing Anthropic in the model picker streams its thinking into a collapsible section', async ({
  page,
  chat,
}) => {
  await signIn(page);
  await chat.pickFirstModelOf('anthropic');
  await expect(chat.modelPicker).toContainText('claude');
  await chat.sendAndWait('Think about it [[fake:think]]');
  await expect(chat.lastAssistantText).toContainText('Think about it');
  await expect(page.getByText('Thoughts')).toBeVisible();
});

/** Pixels between the bottom of the chat's scroll view and the end of its content. */
const distanceFromBottom = (page: import('@playwright/test').Page) =>
  page
    .getByTestId('chat-scroll')
    .evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));

test('a streaming reply is followed until the user scrolls up; the button brings it back', async ({
  page,
  chat,
}) => {
  await signIn(page);
  await chat.send('Tell me a long story [[fake:long tokens=1800 tps=150]]');
  const scroller = page.getByTestId('chat-scroll');
  // Following: the reply grows past the screen while the view stays at the bottom.
  await expect
    .poll(() => scroller.evaluate((el) => el.scrollHeight - el.clientHeight), { timeout: 15_000 })
    .toBeGreaterThan(600);
  // A sample can land between a growth and the follow (one frame): poll; a view that does not
  // follow only drifts further away.
  await expect.poll(() => distanceFromBottom(page)).toBeLessThanOrEqual(50);
  await expect(page.getByTestId('scroll-to-bottom')).toBeHidden();

  // Scrolling up more than 50 px pauses following, and (after 150 ms) offers the button.
  await scroller.hover();
  await page.mouse.wheel(0, -400);
  await expect(page.getByTestId('scroll-to-bottom')).toBeVisible();
  const away = await distanceFromBottom(page);
  await expect.poll(() => distanceFromBottom(page)).toBeGreaterThan(away + 40);

  await page.getByTestId('scroll-to-bottom').click();
  await expect(page.getByTestId('scroll-to-bottom')).toBeHidden();
  await expect.poll(() => distanceFromBottom(page)).toBeLessThanOrEqual(50);
  // Following again until the reply ends.
  await chat.waitForReply({ timeout: 20_000 });
  expect(await distanceFromBottom(page)).toBeLessThanOrEqual(50);
});

test('a lost connection shows the generating indicator, then the connection notice after 5.5 s', async ({
  page,
  chat,
}) => {
  await signIn(page);
  await page.route(/\/api\/chat$/, (route) => route.abort('connectionreset'));
  await chat.send('Are you there?');
  const reply = chat.lastAssistantMessage();
  await expect(reply.root.getByRole('status')).toBeVisible();
  const start = Date.now();
  await expect(reply.text).toHaveText('Error connecting to server, try refreshing the page.', {
    timeout: 10_000,
  });
  // Not before the spec's delay (measured from when the indicator was first seen).
  expect(Date.now() - start).toBeGreaterThan(4_500);
  await expect(reply.root.getByRole('status')).toBeHidden();
});

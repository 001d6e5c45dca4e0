import { expect, test } from '@playwright/test';
import { assistantMessages, lastAssistantText, send, signIn } from './helpers.ts';

test('regenerate adds a sibling reply and the arrows move between them', async ({ page }) => {
  await signIn(page);
  await send(page, 'Give me a fact');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('send-button')).toBeVisible();
  const reply = assistantMessages(page).last();
  await reply.hover();
  await reply.getByTestId('regenerate-button').click();
  await expect(page.getByTestId('sibling-counter')).toHaveText('2 / 2');
  await expect(page.getByTestId('send-button')).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByTestId('sibling-counter')).toHaveText('1 / 2');
  await page.reload();
  await expect(page.getByTestId('sibling-counter')).toContainText('/ 2');
});

test('a provider error is shown as the spec text in the thread, not a stack trace', async ({ page }) => {
  await signIn(page);
  await send(page, 'hello [[fake:error-401]]');
  const error = lastAssistantText(page);
  await expect(error).toContainText('Invalid API key');
  await expect(error).not.toContainText(/at \S+\.(js|ts):\d+/);
  await expect(page.getByTestId('send-button')).toBeVisible();
});

test('a reply that fails mid-stream keeps its partial text above the error, also after reload', async ({
  page,
}) => {
  await signIn(page);
  await send(page, 'hello [[fake:midstream-error]]');
  const reply = page.locator('[data-testid=message][data-role=assistant]').last();
  await expect(reply.getByTestId('message-text')).toHaveAttribute('data-error', 'true');
  await expect(reply.getByTestId('message-partial')).not.toBeEmpty();
  const partial = await reply.getByTestId('message-partial').innerText();
  await page.reload();
  const saved = page.locator('[data-testid=message][data-role=assistant]').last();
  await expect(saved.getByTestId('message-partial')).toHaveText(partial);
  await expect(saved.getByTestId('message-text')).toHaveAttribute('data-error', 'true');
});

test('choosing Anthropic in the model picker streams its thinking into a collapsible section', async ({
  page,
}) => {
  await signIn(page);
  await page.getByTestId('model-picker').click();
  await page.locator('[data-testid="endpoint-option"][data-endpoint="anthropic"]').hover();
  await page.locator('[data-testid="model-option"][data-endpoint="anthropic"]').first().click();
  await expect(page.getByTestId('model-picker')).toContainText('claude');
  await send(page, 'Think about it [[fake:think]]');
  await expect(page.getByTestId('send-button')).toBeVisible();
  await expect(lastAssistantText(page)).toContainText('Think about it');
  await expect(page.getByText('Thoughts')).toBeVisible();
});

/** Pixels between the bottom of the chat's scroll view and the end of its content. */
const distanceFromBottom = (page: import('@playwright/test').Page) =>
  page
    .getByTestId('chat-scroll')
    .evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));

test('a streaming reply is followed until the user scrolls up; the button brings it back', async ({
  page,
}) => {
  await signIn(page);
  await send(page, 'Tell me a long story [[fake:long tokens=1800 tps=150]]');
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
  await expect(page.getByTestId('send-button')).toBeVisible({ timeout: 20_000 });
  expect(await distanceFromBottom(page)).toBeLessThanOrEqual(50);
});

test('a lost connection shows the generating indicator, then the connection notice after 5.5 s', async ({
  page,
}) => {
  await signIn(page);
  await page.route(/\/api\/chat$/, (route) => route.abort('connectionreset'));
  await send(page, 'Are you there?');
  const reply = assistantMessages(page).last();
  await expect(reply.getByRole('status')).toBeVisible();
  const start = Date.now();
  await expect(reply.getByTestId('message-text')).toHaveText(
    'Error connecting to server, try refreshing the page.',
    {
      timeout: 10_000,
    },
  );
  // Not before the spec's delay (measured from when the indicator was first seen).
  expect(Date.now() - start).toBeGreaterThan(4_500);
  await expect(reply.getByRole('status')).toBeHidden();
});

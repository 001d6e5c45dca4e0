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

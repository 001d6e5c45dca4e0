import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

test('a user enters their own key for an endpoint, then chats with it', async ({ page, chat }) => {
  await signIn(page);
  // Choose the endpoint that needs the user's key: the composer asks for the key first.
  await chat.pickFirstModelOf('BringYourKey');
  await expect(page.getByTestId('key-needed')).toBeVisible();
  await page.getByTestId('key-needed-set').click();

  const dialog = page.getByTestId('api-key-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('api-key-submit').click();
  await expect(dialog).toContainText('The following fields are required: ');
  await dialog.locator('input[name="apiKey"]').fill('sk-my-own-key');
  await page.getByTestId('api-key-submit').click();
  await expect(dialog).toBeHidden();

  await chat.send('Hello with my key');
  await expect(chat.lastAssistantText).toContainText('Hello with my key');
});

import { expect, test } from '@playwright/test';
import { newAccount, signIn } from './helpers.ts';

test('an unauthenticated visitor of the app is sent to /login', async ({ page }) => {
  await page.goto('/chat/new');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('input[name="email"]')).toBeVisible();
});

test('a signed-in user stays signed in across reloads and is sent away from the auth pages', async ({
  page,
}) => {
  await signIn(page);
  await page.reload();
  await expect(page).toHaveURL(/\/chat\/new/);
  await expect(page.getByTestId('composer-input')).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/chat\/new/);
  await page.goto('/c/new');
  await expect(page).toHaveURL(/\/chat\/new/);
});

test('wrong credentials show an error under the form', async ({ page }) => {
  const account = newAccount();
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill('not-the-password');
  await page.getByRole('button', { name: /continue|sign in|log in/i }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('registration validates fields with the spec texts', async ({ page }) => {
  await page.goto('/register');
  await page.locator('input[name="name"]').fill('Al');
  await page.locator('input[name="email"]').fill('not-an-email');
  await page.locator('input[name="password"]').fill('short');
  await page.locator('input[name="confirm_password"]').fill('different');
  await page.locator('input[name="confirm_password"]').blur();
  await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('You must enter a valid email address')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

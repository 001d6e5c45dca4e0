import { expect, test } from '@playwright/test';
import { newAccount, signIn } from './helpers.ts';
import { LoginPage, RegisterPage } from './pages/auth.ts';

test('an unauthenticated visitor of the app is sent to /login', async ({ page }) => {
  await page.goto('/chat/new');
  await expect(page).toHaveURL(/\/login$/);
  await expect(new LoginPage(page).email).toBeVisible();
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
  const login = new LoginPage(page);
  await login.goto();
  await login.submit({ email: account.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('registration validates fields with the spec texts', async ({ page }) => {
  const register = new RegisterPage(page);
  await register.goto();
  await register.field('name').fill('Al');
  await register.field('email').fill('not-an-email');
  await register.field('password').fill('short');
  await register.field('confirm_password').fill('different');
  await register.field('confirm_password').blur();
  await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('You must enter a valid email address')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

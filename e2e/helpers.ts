import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export interface Account {
  name: string;
  email: string;
  password: string;
}

export function newAccount(): Account {
  const id = randomUUID().slice(0, 8);
  return { name: `E2E User ${id}`, email: `e2e-${id}@example.com`, password: 'e2e-password-123' };
}

/** Register through the UI; registration signs the user in and lands on /chat/new. */
export async function registerViaUi(page: Page, account: Account = newAccount()): Promise<Account> {
  await page.goto('/register');
  await page.locator('input[name="name"]').fill(account.name);
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('input[name="confirm_password"]').fill(account.password);
  await page.getByRole('button', { name: /continue|sign up|create account|register/i }).click();
  await expect(page).toHaveURL(/\/chat\/new/, { timeout: 15_000 });
  return account;
}

/** Create the account over the API, then sign in through the login form. */
export async function signIn(page: Page, account: Account = newAccount()): Promise<Account> {
  const res = await page.request.post('/api/auth/register', {
    data: { ...account, confirm_password: account.password },
  });
  expect(res.status()).toBe(200);
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: /continue|sign in|log in/i }).click();
  await expect(page).toHaveURL(/\/chat\/new/);
  return account;
}

export async function send(page: Page, text: string) {
  const input = page.getByTestId('composer-input');
  await input.fill(text);
  await page.getByTestId('send-button').click();
}

export const assistantMessages = (page: Page) =>
  page.locator('[data-testid="message"][data-role="assistant"]');
export const lastAssistantText = (page: Page) => assistantMessages(page).last().getByTestId('message-text');

/** An API token for checks made beside the UI. */
export async function apiToken(page: Page, account: Account): Promise<string> {
  const res = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  return (await res.json()).token;
}

import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { LoginPage, RegisterPage } from './pages/auth.ts';

/** Accounts and sessions for the specs; what a person does on a screen is in `pages/`. */

export interface Account {
  name: string;
  email: string;
  password: string;
}

export function newAccount(): Account {
  const id = randomUUID().slice(0, 8);
  return { name: `E2E User ${id}`, email: `e2e-${id}@example.com`, password: 'e2e-password-123' };
}

/** Create the account over the API (against the request context's base URL). */
export async function registerOverApi(request: APIRequestContext, account: Account): Promise<void> {
  const res = await request.post('/api/auth/register', {
    data: { ...account, confirm_password: account.password },
  });
  expect(res.status()).toBe(200);
}

/** Register through the UI; registration signs the user in and lands on /chat/new. */
export async function registerViaUi(page: Page, account: Account = newAccount()): Promise<Account> {
  const form = new RegisterPage(page);
  await form.goto();
  await form.submit(account);
  await expect(page).toHaveURL(/\/chat\/new/, { timeout: 15_000 });
  return account;
}

/** Create the account over the API, then sign in through the login form. */
export async function signIn(page: Page, account: Account = newAccount()): Promise<Account> {
  await registerOverApi(page.request, account);
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(account);
  return account;
}

/** An API token for checks made beside the UI. */
export async function apiToken(page: Page, account: Account): Promise<string> {
  const res = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  return (await res.json()).token;
}

/** Start a conversation over the API (one exchange with OpenAI's gpt-4o); returns its id. */
export async function startConversation(page: Page, token: string, text: string): Promise<string> {
  const res = await page.request.post('/api/chat', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      text,
      messageId: randomUUID(),
      parentMessageId: '00000000-0000-0000-0000-000000000000',
      conversationId: null,
      endpoint: 'openAI',
      model: 'gpt-4o',
    },
  });
  // The answer is the whole event stream; the final event names the conversation.
  const conversationId = /"conversationId":"([0-9a-f-]{36})"/.exec(await res.text())?.[1];
  expect(conversationId).toBeTruthy();
  return conversationId!;
}

/** Drop files on the chat as a browser does: a DataTransfer built in the page, then the drop. */
export async function dropFiles(page: Page, files: { name: string; type: string; bytes: Buffer }[]) {
  const transfer = await page.evaluateHandle(
    (list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
      return dt;
    },
    files.map((f) => ({ ...f, bytes: [...f.bytes] })),
  );
  // The chat takes files once the composer can attach them (its endpoint and file rules loaded).
  await expect(page.getByTestId('attach-button')).toBeEnabled();
  await page.getByTestId('composer-input').dispatchEvent('dragenter', { dataTransfer: transfer });
  await expect(page.getByTestId('drop-overlay')).toBeVisible();
  await page.getByTestId('drop-overlay').dispatchEvent('drop', { dataTransfer: transfer });
}

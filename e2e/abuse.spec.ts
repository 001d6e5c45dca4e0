import { expect, test } from '@playwright/test';
import { newAccount, registerOverApi } from './helpers.ts';
import { LoginPage } from './pages/auth.ts';
import { ABUSE_APP_URL, ABUSE_LOGIN_MAX } from './servers.ts';

test.use({ baseURL: ABUSE_APP_URL });

test('sign-in attempts over LOGIN_MAX are refused with 429 and the rate-limit text', async ({
  page,
  request,
}) => {
  // A real account (registered apart from the page, which stays signed out), a wrong password.
  const account = newAccount();
  await registerOverApi(request, account);

  const login = new LoginPage(page);
  await login.goto();
  await login.email.fill(account.email);
  await login.password.fill('not-the-password');
  const attempt = async () => {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await login.submitButton.click();
    return answer;
  };

  for (let i = 0; i < ABUSE_LOGIN_MAX; i++) {
    expect((await attempt()).status()).toBe(401);
    await expect(login.error).toHaveText(
      'Unable to log in with the information provided. Please check your credentials and try again.',
    );
  }

  const refused = await attempt();
  expect(refused.status()).toBe(429);
  // The server's LibreChat text (LOGIN_WINDOW defaults to 5 minutes) …
  expect((await refused.json()).error.message).toBe(
    'Too many login attempts, please try again after 5 minutes.',
  );
  // … and the page shows com_auth_error_login_rl, chosen by the status (doc 1 §8).
  await expect(login.error).toHaveText(
    'Too many login attempts in a short period of time. Please try again later.',
  );
  await expect(page).toHaveURL(/\/login/);
});

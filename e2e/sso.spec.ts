import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures.ts';
import { LoginPage } from './pages/auth.ts';
import { SSO_APP_URL, SSO_OIDC_URL, SSO_OPENID_LABEL } from './servers.ts';

// The OpenID server's pages import a web font; there is no internet here.
test.beforeEach(async ({ page }) => {
  await page.route(/fonts\.googleapis\.com/, (route) => route.abort());
});

/** oidc-provider's own sign-in and consent pages, as a person would use them. */
async function signInAtOpenIdServer(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${SSO_OIDC_URL}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('OpenID: /login redirects to the OpenID server, and its callback signs the user in', async ({
  page,
  sidebar,
}) => {
  await page.goto(`${SSO_APP_URL}/login`);
  await signInAtOpenIdServer(page, 'alice');
  await expect(page).toHaveURL(`${SSO_APP_URL}/chat/new`);
  await expect(page.getByTestId('composer-input')).toBeVisible();

  // The session came from the refresh cookie: it survives a reload.
  await page.reload();
  await expect(page.getByTestId('composer-input')).toBeVisible();
  const user = await page.evaluate(async () => {
    const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
    return (await refresh.json()).user;
  });
  expect(user).toMatchObject({ email: 'alice@oidc.test', name: 'Alice OpenID', provider: 'openid' });

  // Logging out lands on the login form, not straight back at the OpenID server.
  await sidebar.accountMenu.logOut();
  await expect(page).toHaveURL(`${SSO_APP_URL}/login`);
  await expect(page.locator('input[name="email"]')).toBeVisible();
  await expect(page).toHaveURL(`${SSO_APP_URL}/login`);
});

test('redirect=false keeps the login page: buttons in order, label and image, the Or divider', async ({
  page,
}) => {
  await page.goto(`${SSO_APP_URL}/login?redirect=false`);
  await expect(page.locator('input[name="email"]')).toBeVisible();
  await expect(page).toHaveURL(`${SSO_APP_URL}/login`);
  const buttons = page.getByTestId('social-login').getByRole('link');
  // LibreChat's default socialLogins order: github before openid.
  await expect(buttons).toHaveText(['Continue with GitHub', SSO_OPENID_LABEL]);
  await expect(page.getByTestId('social-openid')).toHaveAttribute('href', `${SSO_APP_URL}/oauth/openid`);
  await expect(page.getByTestId('social-openid').locator('img')).toHaveAttribute('src', '/favicon.svg');
  await expect(page.getByTestId('social-login').getByText('Or', { exact: true })).toBeVisible();
  // Stays put: no redirect to the OpenID server.
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(`${SSO_APP_URL}/login`);

  // The OpenID button signs in too, here as another person.
  await page.getByTestId('social-openid').click();
  await signInAtOpenIdServer(page, 'carol');
  await expect(page).toHaveURL(`${SSO_APP_URL}/chat/new`);
  await expect(page.getByTestId('composer-input')).toBeVisible();
});

test('the register page offers the same buttons', async ({ page }) => {
  await page.goto(`${SSO_APP_URL}/register`);
  await expect(page.getByTestId('social-login').getByRole('link')).toHaveText([
    'Continue with GitHub',
    SSO_OPENID_LABEL,
  ]);
});

test('GitHub: the button runs the OAuth2 flow against the configured endpoints', async ({ page }) => {
  await page.goto(`${SSO_APP_URL}/login?redirect=false`);
  await page.getByTestId('social-github').click();
  await expect(page).toHaveURL(`${SSO_APP_URL}/chat/new`);
  await expect(page.getByTestId('composer-input')).toBeVisible();
});

test('LDAP: a directory username signs in through the login form', async ({ page }) => {
  await page.goto(`${SSO_APP_URL}/login?redirect=false`);
  await expect(page.getByLabel('Username or email')).toBeVisible();
  const login = new LoginPage(page);
  await login.submit({ email: 'bob', password: 'wrong-password' });
  await expect(page.getByRole('alert')).toBeVisible();

  await login.password.fill('bob-password-12');
  await login.submitButton.click();
  await expect(page).toHaveURL(`${SSO_APP_URL}/chat/new`);
  await expect(page.getByTestId('composer-input')).toBeVisible();
  const user = await page.evaluate(async () => {
    const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
    return (await refresh.json()).user;
  });
  expect(user).toMatchObject({
    email: 'bob@ldap.test',
    name: 'Bob Directory',
    username: 'bob',
    provider: 'ldap',
  });
});

test('a refused sign-in comes back to the login page with a message', async ({ page }) => {
  await page.goto(`${SSO_APP_URL}/oauth/openid/callback?code=forged&state=forged`);
  await expect(page).toHaveURL(`${SSO_APP_URL}/login`);
  await expect(page.getByRole('alert')).toHaveText('Single sign-on did not complete. Please try again.');
});

test('OpenID with two-factor on: the callback leads to /login/2fa, and the code completes the sign-in', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  // A local account whose address the OpenID server vouches for (verified): the sign-in links them.
  const login = `linked-${randomBytes(4).toString('hex')}`;
  const password = 'local-password-1';
  const register = await page.request.post(`${SSO_APP_URL}/api/auth/register`, {
    data: { name: 'Linked Person', email: `${login}@oidc.test`, password, confirm_password: password },
  });
  expect(register.status()).toBe(200);
  await page.goto(`${SSO_APP_URL}/login`);
  await signInAtOpenIdServer(page, login);
  await expect(page).toHaveURL(`${SSO_APP_URL}/chat/new`);

  // Two-factor on, through the API the settings dialog uses (two-factor.spec.ts covers the dialog).
  const otpauthUrl = await page.evaluate(async () => {
    const { token } = await (await fetch('/api/auth/refresh', { method: 'POST' })).json();
    const res = await fetch('/api/auth/2fa/enable', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.json()).otpauthUrl as string;
  });
  const secret = Secret.fromBase32(new URL(otpauthUrl).searchParams.get('secret')!);
  const step = Math.floor(Date.now() / 30_000);
  const code = (s: number) => TOTP.generate({ secret, timestamp: s * 30_000 + 1 });
  const confirmed = await page.evaluate(async (token) => {
    const { token: access } = await (await fetch('/api/auth/refresh', { method: 'POST' })).json();
    const res = await fetch('/api/auth/2fa/confirm', {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    return res.status;
  }, code(step));
  expect(confirmed).toBe(200);

  // Another browser signs in through the OpenID server: no session yet, the second step instead.
  const context = await browser.newContext();
  await context.route(/fonts\.googleapis\.com/, (route) => route.abort());
  const other = await context.newPage();
  await other.goto(`${SSO_APP_URL}/login`);
  await signInAtOpenIdServer(other, login);
  await expect(other).toHaveURL(`${SSO_APP_URL}/login/2fa?sso=1`);
  await expect(other.getByTestId('auth-header')).toHaveText('Verify your identity');
  // The tempToken is in no address and no script can read it.
  expect(other.url()).not.toContain('tempToken');
  expect(await other.evaluate(() => document.cookie)).not.toContain('parley_2fa');
  const before = await other.evaluate(
    async () => (await fetch('/api/auth/refresh', { method: 'POST' })).status,
  );
  expect(before).toBe(401);

  await other.locator('input[name="token"]').fill(code(step + 1));
  await other.getByTestId('2fa-submit').click();
  await expect(other).toHaveURL(`${SSO_APP_URL}/chat/new`);
  await expect(other.getByTestId('composer-input')).toBeVisible();
  await other.reload();
  await expect(other.getByTestId('composer-input')).toBeVisible();
  await context.close();
});

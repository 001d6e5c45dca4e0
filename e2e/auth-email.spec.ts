import { expect, type Page, test } from '@playwright/test';
import { type SmtpSink, startSmtpSink } from '../packages/server/test/smtp-sink.ts';
import { newAccount } from './helpers.ts';
import { LoginPage, RegisterPage } from './pages/auth.ts';
import { EMAIL_APP_URL, SMTP_SINK_PORT } from './servers.ts';

/**
 * Email verification and password reset (doc 2 §4.1–4.4, doc 1 §8) against a real SMTP sink on
 * 127.0.0.1 (the email app's EMAIL_* point at it), and the no-email variants on the main app.
 */

async function fillLogin(page: Page, email: string, password: string) {
  await new LoginPage(page).submit({ email, password });
}

test.describe('email on', () => {
  // One SMTP sink on a fixed port (the email app's EMAIL_PORT): these tests run in one worker.
  test.describe.configure({ mode: 'serial' });
  let sink: SmtpSink;
  test.beforeAll(async () => {
    sink = await startSmtpSink(SMTP_SINK_PORT);
  });
  test.afterAll(async () => sink?.close());

  test('email on: register → check your email → verify link → login; 422 offers a resend', async ({
    page,
  }) => {
    const account = newAccount();
    // The config is fetched 500 ms after the layout appears; register only once it says email is on.
    const config = page.waitForResponse((r) => r.url().endsWith('/api/config'));
    await page.goto(`${EMAIL_APP_URL}/register`);
    expect((await (await config).json()).emailEnabled).toBe(true);
    await expect(page.getByTestId('auth-header')).toHaveText('Create your account');
    let since = sink.mails.length;
    await new RegisterPage(page).submit(account);
    const success = page.getByTestId('auth-success');
    await expect(success).toContainText('Please check your email to verify your email address.');
    await expect(success).toContainText(/Redirecting in [123] seconds/);
    // The countdown leads to /chat/new, which sends the not-yet-signed-in visitor to /login.
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    const first = await sink.waitFor(account.email, since);
    expect(first.subject).toMatch(/verify/i);

    // Login before verifying: the unverified text and a resend prompt.
    await fillLogin(page, account.email, account.password);
    await expect(page.getByTestId('auth-error')).toHaveText(
      'Your account has not been verified. Please check your email for a verification link.',
    );
    since = sink.mails.length;
    await page.getByTestId('resend-verification-button').click();
    await expect(page.getByTestId('resend-verification')).toContainText('A new verification email was sent.');
    const second = await sink.waitFor(account.email, since);
    expect(second.link).not.toBe(first.link);

    // The first link was replaced by the resend: it fails, and the page offers to resend; a resend
    // that worked says so and counts down again.
    await page.goto(first.link!);
    await expect(page.getByTestId('auth-header')).toHaveText('Invalid email verification');
    since = sink.mails.length;
    await page.getByTestId('resend-verification-button').click();
    await expect(page.getByTestId('auth-header')).toHaveText(
      'A new verification email was sent. Please check your inbox.',
    );
    await expect(page.getByTestId('verify-countdown')).toContainText(/Redirecting in [123] seconds/);
    const third = await sink.waitFor(account.email, since);
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

    // Only the newest link works.
    await page.goto(second.link!);
    await expect(page.getByTestId('auth-header')).toHaveText('Invalid email verification');
    await page.goto(third.link!);
    await expect(page.getByTestId('auth-header')).toHaveText('Email verified successfully');
    await expect(page.getByTestId('verify-countdown')).toContainText(/Redirecting in [123] seconds/);
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

    await fillLogin(page, account.email, account.password);
    await expect(page).toHaveURL(/\/chat\/new/);
    await expect(page.getByTestId('composer-input')).toBeVisible();
  });

  test('email on: forgot → mail → reset → the old session is gone → login with the new password', async ({
    browser,
  }) => {
    const account = newAccount();
    const signedIn = await browser.newContext({ baseURL: EMAIL_APP_URL });
    const page = await signedIn.newPage();
    let since = sink.mails.length;
    await page.request.post('/api/auth/register', {
      data: { ...account, confirm_password: account.password },
    });
    const verify = await sink.waitFor(account.email, since);
    await page.goto(verify.link!);
    await expect(page.getByTestId('auth-header')).toHaveText('Email verified successfully');
    await page.goto('/login');
    await fillLogin(page, account.email, account.password);
    await expect(page.getByTestId('composer-input')).toBeVisible();

    const other = await browser.newContext({ baseURL: EMAIL_APP_URL });
    const resetPage = await other.newPage();
    await resetPage.goto('/login');
    await resetPage.getByTestId('forgot-password-link').click();
    await expect(resetPage).toHaveURL(/\/forgot-password$/);
    await expect(resetPage.getByTestId('auth-header')).toHaveText('Reset password');
    // The page is a lazy chunk: the login form (with its own email field) stays until it arrives.
    await expect(resetPage.getByTestId('forgot-password-submit')).toBeVisible();
    since = sink.mails.length;
    await resetPage.locator('input[name="email"]').fill(account.email);
    await resetPage.getByTestId('forgot-password-submit').click();
    await expect(resetPage.getByTestId('auth-success')).toContainText('If an account with that email exists');
    // With email on, the link never shows on the page.
    await expect(resetPage.getByTestId('reset-link')).toHaveCount(0);
    const mail = await sink.waitFor(account.email, since);
    expect(mail.link).toContain('/reset-password?');

    await resetPage.goto(mail.link!);
    const newPassword = 'a-fresh-password-456';
    await resetPage.locator('input[name="password"]').fill(newPassword);
    await resetPage.locator('input[name="confirm_password"]').fill(newPassword);
    await resetPage.getByTestId('reset-password-submit').click();
    await expect(resetPage.getByTestId('auth-success')).toHaveText(
      'Your password has been reset successfully.',
    );
    await resetPage.getByTestId('reset-continue').click();
    await expect(resetPage).toHaveURL(/\/login$/);

    // The session opened before the reset is revoked: a reload cannot refresh it.
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);

    await fillLogin(resetPage, account.email, account.password);
    await expect(resetPage.getByTestId('auth-error')).toBeVisible();
    await fillLogin(resetPage, account.email, newPassword);
    await expect(resetPage.getByTestId('composer-input')).toBeVisible();
    await signedIn.close();
    await other.close();
  });
});

test('no email: registration says "Registration successful." and signs in after the countdown', async ({
  page,
}) => {
  const account = newAccount();
  const register = new RegisterPage(page);
  await register.goto();
  await register.submit(account);
  await expect(page.getByTestId('auth-success')).toContainText('Registration successful. Signing you in in');
  await expect(page).toHaveURL(/\/chat\/new/, { timeout: 10_000 });
  await expect(page.getByTestId('composer-input')).toBeVisible();
});

test('no email: the reset link is shown on the page and resets the password', async ({ page }) => {
  const account = newAccount();
  await page.request.post('/api/auth/register', { data: { ...account, confirm_password: account.password } });
  await page.goto('/login');
  await page.getByTestId('forgot-password-link').click();
  // The page is a lazy chunk: the login form (with its own email field) stays until it arrives.
  await expect(page.getByTestId('forgot-password-submit')).toBeVisible();
  await page.locator('input[name="email"]').fill(account.email);
  await page.getByTestId('forgot-password-submit').click();
  const link = page.getByTestId('reset-link');
  await expect(link).toHaveText('Click here');
  await expect(page.getByTestId('reset-link-notice')).toContainText('to reset your password.');
  await link.click();
  await expect(page).toHaveURL(/\/reset-password\?token=.+&userId=.+/);
  const newPassword = 'another-password-789';
  await page.locator('input[name="password"]').fill(newPassword);
  await page.locator('input[name="confirm_password"]').fill(newPassword);
  await page.getByTestId('reset-password-submit').click();
  await page.getByTestId('reset-continue').click();
  await fillLogin(page, account.email, newPassword);
  await expect(page.getByTestId('composer-input')).toBeVisible();
});

test('no email: an unknown address gets the generic answer, a bad token links back to /forgot-password', async ({
  page,
}) => {
  await page.goto('/forgot-password');
  await page.locator('input[name="email"]').fill(newAccount().email);
  await page.getByTestId('forgot-password-submit').click();
  await expect(page.getByTestId('auth-success')).toContainText('If an account with that email exists');
  await expect(page.getByTestId('reset-link')).toHaveCount(0);
  await page.getByTestId('back-to-login').click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/reset-password?token=not-a-token&userId=nobody');
  await page.locator('input[name="password"]').fill('whatever-password');
  await page.locator('input[name="confirm_password"]').fill('whatever-password');
  await page.getByTestId('reset-password-submit').click();
  await expect(page.getByTestId('auth-error')).toContainText('This password reset token is no longer valid.');
  await page.getByTestId('try-again-link').click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  await page.goto('/reset-password');
  await page.locator('input[name="password"]').fill('whatever-password');
  await page.locator('input[name="confirm_password"]').fill('whatever-password');
  await page.getByTestId('reset-password-submit').click();
  await expect(page.getByTestId('auth-error')).toContainText('Unable to process: No valid reset token');
});

test('auth layout: header per route, Ctrl+Shift+T toggles the theme, verify without a token fails', async ({
  page,
}) => {
  for (const [path, header] of [
    ['/login', 'Welcome back'],
    ['/register', 'Create your account'],
    ['/forgot-password', 'Reset password'],
    ['/reset-password?token=a&userId=b', 'Reset password'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId('auth-header')).toHaveText(header);
  }
  const html = page.locator('html');
  const wasDark = ((await html.getAttribute('class')) ?? '').includes('dark');
  // A second press within 500 ms is ignored: it follows the first at once, so a slow first render
  // cannot push it past the window (CI saw that); after the window it switches back.
  await page.keyboard.press('Control+Shift+T');
  await page.keyboard.press('Control+Shift+T');
  await expect(html).toHaveClass(wasDark ? /light/ : /dark/);
  await page.waitForTimeout(150);
  await expect(html).toHaveClass(wasDark ? /light/ : /dark/);
  await page.waitForTimeout(600);
  await page.keyboard.press('Control+Shift+T');
  await expect(html).toHaveClass(wasDark ? /dark/ : /light/);

  await page.goto('/verify?email=someone%40example.com');
  await expect(page.getByTestId('auth-header')).toHaveText('Verification failed, token missing');
});

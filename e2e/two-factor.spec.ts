import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures.ts';
import { type Account, signIn } from './helpers.ts';
import { LoginPage } from './pages/auth.ts';

/**
 * Two-factor sign-in (doc 2 §4.5, doc 3 §4): set up in Settings → Account, log in with an app code
 * and with a backup code (which then stops working), regenerate backup codes, disable. The test is
 * the authenticator app: it computes codes with otpauth from the key the dialog shows.
 */

const STEP_MS = 30_000;

/** Codes for ever newer TOTP steps (the server refuses a step it has seen): now or the next step. */
function authenticator(secret: string) {
  let last = 0;
  return async (): Promise<string> => {
    for (;;) {
      const current = Math.floor(Date.now() / STEP_MS);
      const step = [current, current + 1].find((s) => s > last);
      if (step !== undefined) {
        last = step;
        return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * STEP_MS + 1 });
      }
      await new Promise((r) => setTimeout(r, (current + 1) * STEP_MS - Date.now() + 50));
    }
  };
}

/** Email + password; two-factor accounts land on the second step. */
async function logInToSecondStep(page: Page, account: Account) {
  const login = new LoginPage(page);
  await login.goto();
  await login.submit(account);
  await expect(page).toHaveURL(/\/login\/2fa\?tempToken=/);
  await expect(page.getByTestId('auth-header')).toHaveText('Verify your identity');
}

test('set up two-factor, log in with a code and a backup code (once), regenerate, disable', async ({
  page,
  sidebar,
  settings,
}) => {
  test.setTimeout(120_000);
  const account = await signIn(page);
  const logOut = () => sidebar.accountMenu.logOut();

  // Setup → Scan QR → Verify → Backup codes.
  await settings.open('Account');
  await page.getByTestId('2fa-enable-open').click();
  await page.getByTestId('2fa-generate').click();
  const qr = page.getByTestId('2fa-qr').locator('svg');
  await expect(qr).toHaveAttribute('width', '240');
  await expect(qr).toHaveAttribute('height', '240');
  const secret = ((await page.getByTestId('2fa-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const nextCode = authenticator(secret);
  await page.getByTestId('2fa-next').click();

  const verifyButton = page.getByTestId('2fa-verify');
  await page.getByTestId('2fa-verify-code').fill('12345');
  await expect(verifyButton).toBeDisabled();
  const wrong = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() - 10 * STEP_MS });
  await page.getByTestId('2fa-verify-code').fill(wrong);
  await verifyButton.click();
  await expect(page.getByText('Invalid two-factor authentication code')).toBeVisible();
  await page.getByTestId('2fa-verify-code').fill(await nextCode());
  await verifyButton.click();

  const codeItems = page.getByTestId('2fa-backup-code');
  await expect(codeItems).toHaveCount(10);
  const backupCodes = (await codeItems.allTextContents()).map((c) => c.trim());
  for (const code of backupCodes) expect(code).toMatch(/^[0-9a-z]{8}$/);
  // Finish waits for the download.
  await expect(page.getByTestId('2fa-finish')).toBeDisabled();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('2fa-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('backup-codes.txt');
  expect(
    readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\n'),
  ).toEqual(backupCodes);
  await page.getByTestId('2fa-finish').click();
  await expect(page.getByText('Two-factor authentication enabled')).toBeVisible();
  await expect(page.getByTestId('2fa-disable-open')).toBeVisible();
  await expect(page.getByTestId('2fa-regenerate-open')).toBeVisible();
  await settings.close();

  // Log in with an app code.
  await logOut();
  await logInToSecondStep(page, account);
  const submit = page.getByTestId('2fa-submit');
  await page.locator('input[name="token"]').fill('12345');
  await expect(submit).toBeDisabled();
  await page.locator('input[name="token"]').fill(await nextCode());
  await submit.click();
  await expect(page).toHaveURL(/\/chat\/new/);
  await expect(page.getByTestId('composer-input')).toBeVisible();

  // Log in with a backup code.
  await logOut();
  await logInToSecondStep(page, account);
  await page.getByTestId('2fa-toggle').click();
  await page.locator('input[name="backupCode"]').fill(backupCodes[0]!);
  await submit.click();
  await expect(page).toHaveURL(/\/chat\/new/);

  // The same backup code is refused with the server's message; another one works.
  await logOut();
  await logInToSecondStep(page, account);
  await page.getByTestId('2fa-toggle').click();
  await page.locator('input[name="backupCode"]').fill(backupCodes[0]!);
  await submit.click();
  await expect(page.getByText('Invalid two-factor code.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/2fa/);
  await page.locator('input[name="backupCode"]').fill(backupCodes[1]!);
  await submit.click();
  await expect(page).toHaveURL(/\/chat\/new/);

  // Regenerate backup codes with a backup code: ten new ones.
  await settings.open('Account');
  await page.getByTestId('2fa-regenerate-open').click();
  await page.getByTestId('2fa-code-input').fill(backupCodes[2]!);
  await page.getByTestId('2fa-code-submit').click();
  await expect(page.getByText('Backup codes regenerated')).toBeVisible();
  await expect(codeItems).toHaveCount(10);
  const regenerated = (await codeItems.allTextContents()).map((c) => c.trim());
  expect(regenerated.some((c) => backupCodes.includes(c))).toBe(false);
  await page.getByTestId('2fa-regenerate-done').click();

  // Disable with an app code; the next login is one step again.
  await page.getByTestId('2fa-disable-open').click();
  await page.getByTestId('2fa-code-input').fill('1234567');
  await expect(page.getByTestId('2fa-code-submit')).toBeDisabled();
  await page.getByTestId('2fa-code-input').fill(await nextCode());
  await page.getByTestId('2fa-code-submit').click();
  await expect(page.getByText('Two-factor authentication disabled')).toBeVisible();
  await expect(page.getByTestId('2fa-enable-open')).toBeVisible();
  await settings.close();
  await logOut();
  await new LoginPage(page).logIn(account);
});

test('the second step without a tempToken, or with a bad one, shows an error', async ({ page }) => {
  await page.goto('/login/2fa');
  await expect(page.getByText('Your sign-in attempt has expired. Please log in again.')).toBeVisible();
  await page.goto('/login/2fa?tempToken=forged');
  await page.locator('input[name="token"]').fill('123456');
  await page.getByTestId('2fa-submit').click();
  await expect(page.getByText('Your sign-in attempt has expired. Please log in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/2fa/);
});

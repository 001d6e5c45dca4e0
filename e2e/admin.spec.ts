import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Account, apiToken, newAccount, signIn } from './helpers.ts';
import { LoginPage } from './pages/auth.ts';
import { AccountMenu } from './pages/sidebar.ts';
import { ADMIN_APP_URL } from './servers.ts';

const BAN_TEXT = 'Your account has been temporarily banned due to violations of our service.';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: ADMIN_APP_URL });
// One long story across two browsers: more than the default per-test budget.
test.setTimeout(120_000);

async function signInPage(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL: ADMIN_APP_URL });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

test('an admin manages roles, permissions, banners and bans from /admin', async ({ browser }) => {
  // The admin app has a fresh database: its first registered user is the ADMIN (LibreChat's rule).
  const adminAccount = newAccount();
  const admin = await signInPage(browser, adminAccount);
  const userAccount = newAccount();
  const user = await signInPage(browser, userAccount);
  const userApi = (path: string, token: string) =>
    user.request.get(path, { headers: { authorization: `Bearer ${token}` } });

  // A USER has no admin entry, and /admin refuses them.
  await new AccountMenu(user).open();
  await expect(user.getByTestId('open-settings')).toBeVisible();
  await expect(user.getByTestId('open-admin')).toHaveCount(0);
  await user.keyboard.press('Escape');
  await user.goto('/admin');
  // Not a bare sentence: the admin frame with a clear refusal and a way back to chat.
  const forbidden = user.getByTestId('admin-forbidden');
  await expect(forbidden.getByRole('heading')).toHaveText('Not authorised');
  await expect(forbidden).toContainText('You do not have permission to view this page.');
  await expect(user.getByTestId('admin-tab-users')).toHaveCount(0);
  expect((await userApi('/api/admin/users', await apiToken(user, userAccount))).status()).toBe(403);
  await forbidden.getByRole('link', { name: 'Back to chat' }).click();
  await expect(user).toHaveURL(/\/chat\/new$/);
  await expect(user.getByTestId('composer-input')).toBeVisible();

  // The admin opens the admin area from the account menu.
  await new AccountMenu(admin).openAdmin();
  await expect(admin).toHaveURL(/\/admin$/);
  const row = admin.getByTestId(`admin-user-${userAccount.email}`);
  await expect(row).toBeVisible();

  // Role change: the user becomes ADMIN (their API calls see it at once), then USER again.
  await row.getByTestId('admin-user-role').selectOption('ADMIN');
  await expect(row.getByTestId('admin-user-role')).toHaveValue('ADMIN');
  let token = await apiToken(user, userAccount);
  expect((await (await userApi('/api/user', token)).json()).role).toBe('ADMIN');
  expect((await userApi('/api/admin/users', token)).status()).toBe(200);
  await row.getByTestId('admin-user-role').selectOption('USER');
  await expect(row.getByTestId('admin-user-role')).toHaveValue('USER');
  expect((await userApi('/api/admin/users', token)).status()).toBe(403);

  // A banner the user sees at the top of the app and dismisses for good.
  await admin.getByTestId('admin-tab-banners').click();
  await admin.getByTestId('banner-new').click();
  await admin
    .getByTestId('banner-message-input')
    .fill('<b>Maintenance</b> tonight <img src=x onerror=alert(1)>');
  await admin.getByTestId('banner-save').click();
  await expect(admin.getByTestId('admin-banner')).toContainText('Maintenance tonight');
  await user.reload();
  const banner = user.getByTestId('banner');
  await expect(banner).toContainText('Maintenance tonight');
  await expect(banner.locator('b')).toHaveText('Maintenance');
  await expect(banner.locator('img')).toHaveCount(0);
  await user.getByTestId('banner-dismiss').click();
  await expect(banner).toHaveCount(0);
  await user.reload();
  await expect(user.getByTestId('composer-input')).toBeVisible();
  await expect(user.getByTestId('banner')).toHaveCount(0);

  // Bookmarks use off for USER: the user no longer sees bookmarks, and the API answers 403.
  await expect(user.getByTestId('bookmark-filter-button')).toBeVisible();
  await admin.getByTestId('admin-tab-roles').click();
  const bookmarks = admin.getByTestId('matrix-BOOKMARKS-USE');
  await expect(bookmarks).toHaveAttribute('aria-checked', 'true');
  await bookmarks.click();
  await expect(bookmarks).toHaveAttribute('aria-checked', 'false');
  await user.reload();
  await expect(user.getByTestId('composer-input')).toBeVisible();
  await expect(user.getByTestId('bookmark-filter-button')).toHaveCount(0);
  token = await apiToken(user, userAccount);
  expect((await userApi('/api/tags', token)).status()).toBe(403);

  // The prompts admin settings dialog: turning off ADMIN's use asks first.
  await admin.getByTestId('open-prompts-settings').click();
  const dialog = admin.getByTestId('permissions-dialog-PROMPTS');
  await dialog.getByTestId('permissions-role').selectOption('ADMIN');
  await expect(dialog.getByTestId('permission-USE')).toHaveAttribute('aria-checked', 'true');
  await dialog.getByTestId('permission-USE').click();
  await expect(admin.getByTestId('confirm-admin-use')).toBeVisible();
  await admin.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByTestId('permission-USE')).toHaveAttribute('aria-checked', 'true');
  await admin.keyboard.press('Escape');

  // Ban: the user's next request fails with the ban text, and so does signing in again.
  await admin.getByTestId('admin-tab-users').click();
  await row.getByTestId('admin-user-ban').click();
  await expect(row.getByTestId('admin-user-status')).toHaveText('Banned');
  const refused = await userApi('/api/convos', token);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toBe(BAN_TEXT);
  await user.reload();
  await expect(user).toHaveURL(/\/login/);
  await new LoginPage(user).submit(userAccount);
  await expect(user.getByText(BAN_TEXT)).toBeVisible();
});

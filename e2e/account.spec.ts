import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { type Account, newAccount, signIn } from './helpers.ts';
import { LoginPage } from './pages/auth.ts';
import { SettingsDialog } from './pages/settings.ts';
import { AccountMenu } from './pages/sidebar.ts';
import { ACCOUNT_APP_URL } from './servers.ts';

/**
 * Account (doc 3 §2, §4, §5): profile picture upload with crop, the generated avatar, username
 * display, account deletion behind the typed email, and the terms-of-service modal on an app
 * that requires acceptance (and does not allow deletion).
 */
test.describe.configure({ mode: 'parallel' });

/** A 400×200 PNG drawn by the browser: red left half, blue right half. */
async function twoColourPng(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 400;
    c.height = 200;
    const x = c.getContext('2d')!;
    x.fillStyle = '#ff0000';
    x.fillRect(0, 0, 200, 200);
    x.fillStyle = '#0000ff';
    x.fillRect(200, 0, 200, 200);
    return c.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(b64, 'base64');
}

/** Size and a few pixel colours of the image the account menu shows, as loaded from its URL. */
async function avatarPixels(page: Page, src: string) {
  return page.evaluate(async (url) => {
    const img = new Image();
    img.src = url;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const x = c.getContext('2d')!;
    x.drawImage(img, 0, 0);
    const at = (px: number, py: number) => {
      const [r, g, b] = x.getImageData(px, py, 1, 1).data;
      return r > 200 && b < 60 ? 'red' : b > 200 && r < 60 ? 'blue' : `${r},${g},${b}`;
    };
    return { width: img.naturalWidth, height: img.naturalHeight, top: at(125, 20), bottom: at(125, 230) };
  }, src);
}

test('generated avatar: initials on a colour derived from the name', async ({ page, sidebar, browser }) => {
  await signIn(page, { ...newAccount(), name: 'Grace Hopper' });
  const avatar = sidebar.accountMenu.avatar;
  await expect(avatar).toHaveText('GH');
  await expect(avatar).toHaveAttribute('data-generated', 'true');
  const colour = () => avatar.evaluate((el) => getComputedStyle(el).backgroundColor);
  const grace = await colour();
  expect(grace).toMatch(/^rgb\(/);
  // The same name keeps its colour; another name gets another one.
  await page.reload();
  await expect(avatar).toHaveText('GH');
  expect(await colour()).toBe(grace);
  const other = await (await browser.newContext({ baseURL: page.url() })).newPage();
  await signIn(other, { ...newAccount(), name: 'Alan Turing' });
  const alan = new AccountMenu(other).avatar;
  await expect(alan).toHaveText('AT');
  expect(await alan.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(grace);
  await other.context().close();
});

test('profile picture: rejects a GIF, crops (rotate, zoom) and uploads; shown after reload', async ({
  page,
  sidebar,
  settings,
}) => {
  await signIn(page);
  await settings.open('Account');

  const input = page.getByTestId('avatar-file-input');
  await input.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(
    page.getByText(/Invalid file for upload\. Must be a PNG or JPEG image not exceeding 2 MB/),
  ).toBeVisible();
  await expect(page.getByTestId('avatar-crop-dialog')).toHaveCount(0);

  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await twoColourPng(page) });
  const dialog = page.getByTestId('avatar-crop-dialog');
  await expect(dialog).toBeVisible();
  const zoom = page.getByTestId('avatar-zoom');
  await expect(zoom).toHaveAttribute('min', '1');
  await expect(zoom).toHaveAttribute('max', '5');
  const canvas = page.getByTestId('avatar-crop-canvas');
  await expect(canvas).toHaveJSProperty('clientWidth', 250);
  // Rotated right by 90°: the red left half ends up on top, the blue half at the bottom.
  await page.getByTestId('avatar-rotate-right').click();
  await zoom.fill('1.2');
  const upload = page.waitForResponse((r) => r.url().endsWith('/api/files/images/avatar'));
  await page.getByTestId('avatar-save').click();
  expect((await upload).status()).toBe(200);
  await expect(page.getByText('Profile picture updated')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const settingsAvatar = page.getByTestId('settings-avatar');
  await expect(settingsAvatar).toHaveAttribute(
    'src',
    /^\/api\/files\/avatars\/[0-9a-f-]{36}\/[0-9a-f]{32}\.png$/,
  );
  await settings.close();
  const menuAvatar = sidebar.accountMenu.avatar;
  const src = (await menuAvatar.getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/api\/files\/avatars\//);
  expect(await avatarPixels(page, src)).toEqual({ width: 250, height: 250, top: 'red', bottom: 'blue' });

  await page.reload();
  await expect(menuAvatar).toHaveAttribute('src', src);
  await expect.poll(() => menuAvatar.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(250);
});

test('username display shows the name on my own messages', async ({ page, chat, settings }) => {
  const account = await signIn(page);
  await chat.send('Who am I?');
  const mine = chat.userMessages.first();
  await expect(mine).toBeVisible();
  await expect(mine.getByTestId('message-sender')).toHaveCount(0);
  await settings.open('Account');
  const toggle = settings.setting('username-display');
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await settings.close();
  await expect(mine.getByTestId('message-sender')).toHaveText(account.name);
});

test('delete account: locked until the email is typed, then everything goes and the user is signed out', async ({
  page,
  chat,
  settings,
}) => {
  const account = await signIn(page);
  await chat.send('Something to delete');
  await expect(chat.assistantMessages).toHaveCount(1);
  await settings.open('Account');
  await page.getByTestId('delete-account').click();
  const confirm = page.getByTestId('delete-account-confirm');
  await expect(confirm).toBeDisabled();
  const email = page.getByTestId('delete-account-email');
  await email.fill('someone-else@example.com');
  await expect(confirm).toBeDisabled();
  await email.fill(account.email.toUpperCase());
  await expect(confirm).toBeEnabled();
  const deleted = page.waitForResponse(
    (r) => r.url().endsWith('/api/user') && r.request().method() === 'DELETE',
  );
  await confirm.click();
  expect((await deleted).status()).toBe(204);
  await expect(page).toHaveURL(/\/login$/);
  // Local state is gone: no drafts, no remembered model; preferences back to defaults.
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k !== 'preferences'));
  expect(keys).toEqual([]);

  // The account no longer exists.
  const login = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
});

/** A signed-in page on the terms app (its own browser context). */
async function termsApp(browser: Browser): Promise<{ page: Page; account: Account }> {
  const context = await browser.newContext({ baseURL: ACCOUNT_APP_URL });
  const page = await context.newPage();
  const account = await signIn(page);
  return { page, account };
}

test('terms modal: cannot be dismissed; decline signs out, accept is remembered', async ({ browser }) => {
  const { page, account } = await termsApp(browser);
  const modal = page.getByTestId('terms-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'House rules' })).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Terms of Parley' })).toBeVisible();
  await expect(modal.locator('strong')).toHaveText('kind');
  // Raw HTML in the markdown is shown as text, never run.
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  await expect(modal.getByRole('button', { name: 'Close' })).toHaveCount(0);

  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(modal).toBeVisible();

  await page.getByTestId('terms-decline').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(modal).toHaveCount(0);

  // Signing in again asks again; accepting records it on the server.
  await new LoginPage(page).logIn(account);
  await expect(modal).toBeVisible();
  const accepted = page.waitForResponse((r) => r.url().endsWith('/api/user/terms/accept'));
  await page.getByTestId('terms-accept').click();
  expect((await accepted).status()).toBe(200);
  await expect(modal).toHaveCount(0);
  await page.reload();
  await expect(new AccountMenu(page).button).toBeVisible();
  await expect(modal).toHaveCount(0);

  // This app sets ALLOW_ACCOUNT_DELETION=false: no delete row in Account settings.
  const settings = new SettingsDialog(page);
  await settings.open('Account');
  await expect(settings.setting('username-display')).toBeVisible();
  await expect(page.getByTestId('delete-account')).toHaveCount(0);
  await page.context().close();
});

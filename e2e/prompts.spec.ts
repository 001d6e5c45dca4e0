import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { type Account, apiToken, newAccount, registerOverApi, signIn } from './helpers.ts';
import { LoginPage } from './pages/auth.ts';

/**
 * The prompt library pages (issue 18; doc 2 §2.5, §4.7–4.9, §5.9, §6): create → a new version →
 * production → share with all → another user's read-only view and 'not shared' page; layouts at
 * 320, 375 and 1280 px.
 */

test.describe.configure({ mode: 'serial' });

const SHOTS = '.tmp/e2e-shots/prompts';

/**
 * Sharing with all users needs PROMPTS SHARED_GLOBAL, which USER lacks by default: the author is
 * made an ADMIN with the operator CLI (`npm run user -- set-role`) on the e2e server's database,
 * before signing in, as an operator would. The role is read per request, so it applies at once.
 */
async function signInAsAdmin(page: Page): Promise<Account> {
  const account = newAccount();
  await registerOverApi(page.request, account);
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'packages/server/src/cli/user.ts', 'set-role', account.email, 'ADMIN'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: '.tmp/e2e-data',
        CONFIG_PATH: 'e2e/librechat.e2e.yaml',
      },
      stdio: 'pipe',
    },
  );
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(account);
  return account;
}

async function createOverApi(page: Page, token: string, name: string, text: string): Promise<string> {
  const res = await page.request.post('/api/prompts', {
    headers: { authorization: `Bearer ${token}` },
    data: { prompt: { type: 'text', prompt: text }, group: { name, category: 'misc' } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).group._id;
}

/** Nothing wider than the screen (no sideways scrolling), tap targets of at least 32 px. */
function pageProblems(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const scope = document.querySelector(selector);
    if (!scope) return [`no ${selector}`];
    if (document.documentElement.scrollWidth > width + 1) problems.push('the page scrolls sideways');
    for (const el of scope.querySelectorAll<HTMLElement>('button, a, input, select, textarea')) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || el.closest('[aria-hidden=true]')) continue;
      const name = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent?.trim();
      if (r.left < -0.5 || r.right > width + 0.5) problems.push(`${name} leaves the screen`);
      const min = el.getAttribute('role') === 'switch' ? 20 : 32;
      if (el.matches('button, input, select') && r.height < min)
        problems.push(`${name} is ${Math.round(r.height)} px high`);
      if (
        el.matches('button') &&
        (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      )
        problems.push(`${name}'s content runs out of it`);
    }
    return problems;
  }, root);
}

let sharedId = '';
let privateId = '';
let teamId = '';
let readersOwnId = '';
let admin: Account | null = null;
/** The second user: registered by the first test (to be shared with), signing in in the second. */
const reader = newAccount();

test('create → new version → production → compare → share with all', async ({ page }) => {
  test.slow();
  mkdirSync(SHOTS, { recursive: true });
  const author = await signInAsAdmin(page);
  admin = author;
  const token = await apiToken(page, author);
  privateId = await createOverApi(page, token, `Private notes ${author.email}`, 'Only for me.');

  await page.goto('/d/prompts');
  await expect(page.getByTestId('prompts-select-or-create')).toContainText('Select or Create a Prompt');
  await page.getByTestId('prompts-create').click();
  await expect(page).toHaveURL(/\/d\/prompts\/new$/);

  // The form's rules (doc 2 §5.9).
  const submit = page.getByTestId('prompt-create-submit');
  await expect(submit).toBeDisabled();
  await page.getByTestId('prompt-name-input').fill('x');
  await page.getByTestId('prompt-name-input').fill('');
  await page.getByTestId('prompt-name-input').blur();
  await expect(page.getByTestId('prompt-name-error')).toHaveText('Prompt name is required');
  const name = `Release notes ${author.email}`;
  await page.getByTestId('prompt-name-input').fill(name);
  await page.getByTestId('prompt-text-input').fill('Write release notes for {{version}}.\nKeep it short.');
  await expect(page.getByTestId('prompt-variables')).toContainText('version');
  await page.getByTestId('prompt-command-input').pressSequentially('Rel Notes!');
  await expect(page.getByTestId('prompt-command-input')).toHaveValue('rel-notes');
  await expect(page.getByTestId('prompt-command-counter')).toHaveText('9/56');
  await page.getByTestId('prompt-oneliner-input').fill('Release notes from a version');
  await expect(page.getByTestId('prompt-oneliner-counter')).toHaveText('28/120');
  await page.getByTestId('prompt-category-input').selectOption('write');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/d\/prompts\/[^/]+$/);
  sharedId = page.url().split('/').pop()!;
  await expect(page.getByTestId('prompt-group-name')).toHaveText(name);
  // The list shows it, with its category and command.
  await expect(page.getByTestId('prompt-group-row').filter({ hasText: name })).toContainText('/rel-notes');

  // Advanced mode: the version list, make-production and always-make-production (doc 2 §4.7).
  await page.getByTestId('prompts-mode-advanced').click();
  const versions = page.getByTestId('prompt-version');
  await expect(versions).toHaveCount(1);
  await expect(versions.first()).toContainText('Version 1');
  await expect(versions.first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await expect(versions.first().getByTestId('version-latest')).toBeVisible();
  await expect(versions.first().getByTestId('version-production')).toBeVisible();
  await expect(page.getByTestId('prompt-make-production')).toBeDisabled();

  // An edit without always-make-production: a new latest version, production stays on 1.
  const always = page.getByTestId('prompt-always-production');
  if ((await always.getAttribute('aria-checked')) === 'true') await always.click();
  await expect(always).toHaveAttribute('aria-checked', 'false');
  await page.getByTestId('prompt-text-view').click();
  await page
    .getByTestId('prompt-text-input')
    .fill('Write release notes for {{version}}.\nKeep it short and friendly.');
  await page.getByTestId('prompt-text-save').click();
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Version 2');
  await expect(versions.nth(0).getByTestId('version-latest')).toBeVisible();
  await expect(versions.nth(0).getByTestId('version-production')).toHaveCount(0);
  await expect(versions.nth(1).getByTestId('version-production')).toBeVisible();

  // An unchanged text makes no version.
  await page.getByTestId('prompt-text-view').click();
  await page.getByTestId('prompt-text-input').press('Escape');
  await expect(versions).toHaveCount(2);

  // Make production (optimistic; the marker moves).
  await versions.nth(0).click();
  await page.getByTestId('prompt-make-production').click();
  await expect(versions.nth(0).getByTestId('version-production')).toBeVisible();
  await expect(versions.nth(1).getByTestId('version-production')).toHaveCount(0);
  await expect(page.getByTestId('prompt-make-production')).toBeDisabled();

  // Compare the two versions side by side.
  await page.getByTestId('prompt-compare').click();
  const diff = page.getByTestId('prompt-compare-dialog');
  await expect(diff.getByTestId('prompt-compare-stats')).toHaveText('1 added, 1 removed');
  await expect(diff.locator('[data-kind=removed]')).toContainText('Keep it short.');
  await expect(diff.locator('[data-kind=added]')).toContainText('Keep it short and friendly.');
  await page.screenshot({ path: `${SHOTS}/compare-1280.png` });
  await page.keyboard.press('Escape');

  // The oneliner saves by itself, 950 ms after typing stops.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/prompts/groups/${sharedId}`) && r.request().method() === 'PATCH',
  );
  await page.getByTestId('prompt-oneliner-edit').fill('Release notes, short and friendly');
  expect((await saved).status()).toBe(200);

  // Share with all users; submitting again says it is already shared.
  await page.getByTestId('prompt-share').click();
  const share = page.getByTestId('prompt-share-dialog');
  await share.getByTestId('prompt-share-everyone').click();
  await share.getByTestId('prompt-share-submit').click();
  await expect(page.getByText('Sharing saved')).toBeVisible();
  await share.getByTestId('prompt-share-submit').click();
  await expect(page.getByText('This prompt is already shared with all users.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('prompt-detail-shared-global')).toBeVisible();
  await expect(
    page.getByTestId('prompt-group-row').filter({ hasText: name }).getByTestId('prompt-shared-global'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/detail-1280.png` });

  // Rename through its dialog.
  await page.getByTestId('prompt-rename').click();
  await page.getByTestId('prompt-rename-input').fill(`${name} v2`);
  await page.getByTestId('prompt-rename-submit').click();
  await expect(page.getByTestId('prompt-group-name')).toHaveText(`${name} v2`);

  // Share with a chosen user by email (beyond the spec); they sign in in the next test.
  await registerOverApi(page.request, reader);
  teamId = await createOverApi(page, token, `Team only ${author.email}`, 'For the team.');
  await page.goto(`/d/prompts/${teamId}`);
  await page.getByTestId('prompt-share').click();
  const users = page.getByTestId('prompt-share-users');
  await users.getByTestId('prompt-share-email').fill('nobody-at-all@example.com');
  await users.getByTestId('prompt-share-add').click();
  await users.getByTestId('prompt-share-users-save').click();
  await expect(users.getByTestId('prompt-share-error')).toContainText('nobody-at-all@example.com');
  await users.getByRole('button', { name: 'Remove nobody-at-all@example.com' }).click();
  await users.getByTestId('prompt-share-email').fill(reader.email);
  await users.getByTestId('prompt-share-add').click();
  await users.getByTestId('prompt-share-users-save').click();
  await expect(users.getByTestId('prompt-share-list')).toContainText(reader.name);
  await page.keyboard.press('Escape');

  // Export downloads the user's groups as JSON; importing the file adds them again as new groups.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('prompts-export').click();
  const file = await (await downloading).path();
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  expect(exported.format).toBe('parley.prompts');
  const names = exported.groups.map((g: { name: string }) => g.name);
  expect(names).toEqual(expect.arrayContaining([`${name} v2`, `Team only ${author.email}`]));
  const released = exported.groups.find((g: { name: string }) => g.name === `${name} v2`);
  expect(released.prompts).toHaveLength(2);
  await page.getByTestId('prompts-import-file').setInputFiles(file);
  await expect(page.getByText(`Imported ${names.length} prompt(s)`)).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(teamId));

  // Deleting versions: the production moves to what remains; the last one takes the group along.
  const throwaway = await createOverApi(page, token, `Throwaway ${author.email}`, 'First text.');
  const added = await page.request.post(`/api/prompts/groups/${throwaway}/prompts`, {
    headers: { authorization: `Bearer ${token}` },
    data: { prompt: { prompt: 'Second text.' }, makeProduction: true },
  });
  expect(added.status(), await added.text()).toBe(200);
  await page.goto(`/d/prompts/${throwaway}`);
  await expect(versions).toHaveCount(2);
  await versions.nth(0).locator('..').getByTestId('prompt-delete-version').click();
  await page.getByTestId('prompt-delete-dialog').getByTestId('confirm-button').click();
  await expect(versions).toHaveCount(1);
  await expect(versions.nth(0).getByTestId('version-production')).toBeVisible();
  await expect(page.getByTestId('prompt-text-view')).toHaveText('First text.');
  await versions.nth(0).locator('..').getByTestId('prompt-delete-version').click();
  await expect(page.getByTestId('prompt-delete-dialog')).toContainText('deletes the prompt');
  await page.getByTestId('prompt-delete-dialog').getByTestId('confirm-button').click();
  await expect(page).toHaveURL(/\/d\/prompts$/);
  await expect(page.getByTestId('prompt-group-row').filter({ hasText: 'Throwaway' })).toHaveCount(0);

  // Deleting a group goes through its confirm dialog.
  const doomed = await createOverApi(page, token, `Doomed ${author.email}`, 'Soon gone.');
  await page.goto(`/d/prompts/${doomed}`);
  await page.getByTestId('prompt-delete-group').click();
  await page.getByTestId('prompt-delete-dialog').getByTestId('confirm-button').click();
  await expect(page).toHaveURL(/\/d\/prompts$/);
  const gone = await page.request.get(`/api/prompts/groups/${doomed}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(404);

  // The back link returns to the chat.
  await page.getByTestId('prompts-back-to-chat').click();
  await expect(page).toHaveURL(/\/chat\/new/);
});

test('another user sees the shared group read only, and not the private one', async ({ page }) => {
  test.skip(!sharedId, 'needs the group of the test before');
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(reader);
  await page.goto(`/d/prompts/${sharedId}`);
  const view = page.getByTestId('prompt-read-only');
  await expect(view).toBeVisible();
  await expect(view.getByTestId('prompt-text-readonly')).toHaveText(
    'Write release notes for {{version}}.\nKeep it short and friendly.',
  );
  await expect(view.getByTestId('prompt-detail-shared-global')).toBeVisible();
  await expect(page.getByTestId('prompt-text-edit')).toHaveCount(0);
  await expect(page.getByTestId('prompt-rename')).toHaveCount(0);
  await expect(page.getByTestId('prompts-mode')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/read-only-1280.png` });

  // By search: the shared group is found, the private one is not.
  await page.getByTestId('prompts-search').fill('Release notes');
  await expect(page.getByTestId('prompts-searching')).toBeVisible();
  await expect(page.getByTestId('prompt-group-row').first()).toBeVisible();
  await page.getByTestId('prompts-search').fill('Private notes');
  await expect(page.getByTestId('prompts-empty')).toBeVisible();

  // Shared with this user by name: read only too.
  await page.goto(`/d/prompts/${teamId}`);
  await expect(page.getByTestId('prompt-read-only')).toContainText('For the team.');
  await expect(
    page
      .getByTestId('prompt-group-row')
      .filter({ hasText: 'Team only' })
      .getByRole('img', { name: 'Shared with you' }),
  ).toBeVisible();

  await page.goto(`/d/prompts/${privateId}`);
  await expect(page.getByTestId('prompt-not-shared')).toContainText('not been shared with you');
  await page.getByRole('link', { name: 'Back to prompts' }).click();
  await expect(page).toHaveURL(/\/d\/prompts$/);

  // A group of the reader's own, for the ADMIN override below.
  readersOwnId = await createOverApi(
    page,
    await apiToken(page, reader),
    `Reader's own ${reader.email}`,
    'Mine.',
  );

  // Any other /d path goes to the file manager.
  await page.goto('/d/nowhere');
  await expect(page).toHaveURL(/\/d\/files$/);
});

test("an ADMIN gets the editor on another user's private group", async ({ page }) => {
  test.skip(!readersOwnId || !admin, 'needs the groups of the tests before');
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(admin!);
  await page.goto(`/d/prompts/${readersOwnId}`);
  await expect(page.getByTestId('prompt-editor')).toBeVisible();
  await expect(page.getByTestId('prompt-editor')).toContainText(`By ${reader.name}`);
  await page.getByTestId('prompts-mode-simple').click();
  await page.getByTestId('prompt-text-view').click();
  await page.getByTestId('prompt-text-input').fill('Mine, tidied by an admin.');
  await page.getByTestId('prompt-text-input').blur();
  // Simple mode: the edit is the production text at once.
  await expect(page.getByText('Saved as version 2')).toBeVisible();
  await expect(page.getByTestId('prompt-text-view')).toHaveText('Mine, tidied by an admin.');
});

for (const width of [320, 375, 1280]) {
  test(`the library fits ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 1024 ? 740 : 800 });
    const account = await signIn(page, newAccount());
    const token = await apiToken(page, account);
    const id = await createOverApi(page, token, `Layout check ${width}`, 'Line one\nLine {{two}}');
    await page.goto('/d/prompts');
    await expect(page.getByTestId('prompt-group-row').first()).toBeVisible();
    expect(await pageProblems(page, '[data-testid=prompts-page]')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/list-${width}.png` });

    await page.goto(`/d/prompts/${id}`);
    await expect(page.getByTestId('prompt-editor')).toBeVisible();
    await page.getByTestId('prompts-mode-advanced').click();
    if (width < 1024) {
      // The list is hidden in the detail view; the actions are in a 320 px slide-in panel.
      await expect(page.getByTestId('prompt-list')).toBeHidden();
      await page.getByTestId('prompt-actions-open').click();
      const sheet = page.getByTestId('prompt-actions-sheet');
      await expect(sheet.getByTestId('prompt-version')).toHaveCount(1);
      const box = await sheet.boundingBox();
      expect(box?.width).toBeLessThanOrEqual(320);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width + 0.5);
      expect(await pageProblems(page, '[data-testid=prompt-actions-sheet]')).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/actions-${width}.png` });
      await page.getByTestId('prompt-actions-close').click();
    } else {
      await expect(page.getByTestId('prompt-list')).toBeVisible();
      await expect(page.getByTestId('prompt-actions').getByTestId('prompt-version')).toHaveCount(1);
    }
    expect(await pageProblems(page, '[data-testid=prompts-page]')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/detail-${width}.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    // After the colour transitions (150 ms).
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/detail-${width}-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });

    await page.goto('/d/prompts/new');
    await expect(page.getByTestId('prompt-create-form')).toBeVisible();
    expect(await pageProblems(page, '[data-testid=prompts-page]')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/new-${width}.png` });
  });
}

import { expect, test } from './fixtures.ts';
import { apiToken, signIn } from './helpers.ts';
import { SIZES } from './layout.ts';
import { SETTINGS_APP_URL } from './servers.ts';

/**
 * The composer's tools badges (issue 16 point 4): Deep Dive turned on shows its notice, and the
 * next message of that chat runs through the tool loop with web_search (the e2e librechat.yaml's
 * webSearch block on the fake's Serper, with a server key); edit mode's order is kept per user
 * over a reload. Code execution has its sandbox engine here (and RUN_CODE), so its badge is offered.
 */

test.describe.configure({ mode: 'parallel' });

test('Deep Dive: the notice, then the reply searches the web', async ({ page, chat }) => {
  await signIn(page);
  await chat.goto();
  const deepDive = page.getByTestId('badge-deep_dive');
  await expect(deepDive).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('badge-execute_code')).toHaveAttribute('aria-pressed', 'false');
  await deepDive.click();
  const notice = page.getByRole('dialog', { name: 'Deep Dive Mode Enabled' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Awesome!' }).click();
  await expect(notice).toBeHidden();
  await expect(deepDive).toHaveAttribute('aria-pressed', 'true');

  await chat.send('What changed in edge caching? [[fake:steps=2 tools=web_search]]');
  const calls = chat.assistantMessages.last().getByTestId('tool-call');
  await expect(calls).toHaveCount(2);
  await expect(calls.first()).toHaveAttribute('data-state', 'finished', { timeout: 20_000 });
  await expect(calls.last()).toHaveAttribute('data-state', 'finished', { timeout: 20_000 });
  await calls.first().getByTestId('tool-call-toggle').click();
  await expect(calls.first().getByTestId('tool-call-output')).toContainText('FACT-');
  // The created conversation keeps the toggle it was started with.
  const id = await chat.waitForSaved();
  await chat.goto(id);
  await expect(page.getByTestId('badge-deep_dive')).toHaveAttribute('aria-pressed', 'true');
  // Off for this chat: the next message is a plain reply.
  await page.getByTestId('badge-deep_dive').click();
  await expect(page.getByTestId('badge-deep_dive')).toHaveAttribute('aria-pressed', 'false');
  await chat.send('And now without searching [[fake:steps=1 tools=web_search]]');
  await expect(chat.lastAssistantText).not.toBeEmpty();
  await expect(chat.assistantMessages.last().getByTestId('tool-call')).toHaveCount(0);
});

test("Deep Dive where web search needs the user's key: the key form first, then on", async ({ browser }) => {
  // The settings app has no webSearch block and no SERPER_API_KEY: each user gives their own.
  const context = await browser.newContext({ baseURL: SETTINGS_APP_URL });
  const page = await context.newPage();
  const account = await signIn(page);
  await page.goto('/chat/new');
  await page.getByTestId('badge-deep_dive').click();
  const dialog = page.getByTestId('tool-key-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('tool-trust-warning')).toBeVisible();
  const save = dialog.getByTestId('tool-key-save');
  await expect(save).toBeDisabled();
  const key = dialog.getByTestId('tool-key-SERPER_API_KEY');
  await key.fill('x');
  await key.fill('');
  await expect(dialog.getByRole('alert')).toHaveText('Serper API Key is required.');
  await expect(page.getByTestId('badge-deep_dive')).toHaveAttribute('aria-pressed', 'false');
  await key.fill('my-serper-key');
  await save.click();
  await expect(page.getByRole('dialog', { name: 'Deep Dive Mode Enabled' })).toBeVisible();
  await page.getByRole('button', { name: 'Awesome!' }).click();
  await expect(page.getByTestId('badge-deep_dive')).toHaveAttribute('aria-pressed', 'true');
  // Installed on the server: the tool is authenticated for this user now.
  const token = await apiToken(page, account);
  const status = await page.request.get('/api/agents/tools/web_search/auth', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await status.json()).toEqual({ authenticated: true, message: 'user_provided' });
  await context.close();
});

test('edit mode: remove, add back and reorder; saved over a reload, cancel discards', async ({
  page,
  chat,
}) => {
  await signIn(page);
  await chat.goto();
  await page.getByTestId('badge-edit').click();
  await expect(page.getByTestId('badge-editor')).toBeVisible();
  // Code execution is listed to arrange, available (its engine is there).
  await expect(page.getByTestId('badge-edit-execute_code')).toBeVisible();
  await expect(page.getByTestId('badge-edit-execute_code')).not.toContainText('not available here');
  await page.getByTestId('badge-grip-deep_dive').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('badge-editor-shown').locator('li').first()).toHaveAttribute(
    'data-testid',
    'badge-edit-execute_code',
  );
  await page.getByTestId('badge-remove-deep_dive').click();
  await page.getByTestId('badge-save').click();
  await expect(page.getByTestId('badge-deep_dive')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('badge-edit')).toBeVisible();
  await expect(page.getByTestId('badge-deep_dive')).toHaveCount(0);

  await page.getByTestId('badge-edit').click();
  await page.getByTestId('badge-add-deep_dive').click();
  await page.getByTestId('badge-cancel').click();
  await expect(page.getByTestId('badge-deep_dive')).toHaveCount(0);
  await page.getByTestId('badge-edit').click();
  await page.getByTestId('badge-add-deep_dive').click();
  await page.getByTestId('badge-save').click();
  await expect(page.getByTestId('badge-deep_dive')).toBeVisible();
});

for (const size of SIZES) {
  test(`the badge row and edit mode fit at ${size.width} px`, async ({ page, chat }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page);
    await chat.goto();
    const composer = page.getByTestId('composer-input').locator('xpath=ancestor::form');
    await expect(page.getByTestId('badge-row')).toBeVisible();
    await composer.screenshot({ path: `/tmp/i16-shots/badges-${size.width}.png` });
    await page.getByTestId('badge-edit').click();
    await expect(page.getByTestId('badge-editor')).toBeVisible();
    await composer.screenshot({ path: `/tmp/i16-shots/badges-edit-${size.width}.png` });
    const overflow = await page.evaluate(() => {
      const form = document.querySelector('[data-testid=composer-input]')?.closest('form');
      const box = form!.getBoundingClientRect();
      return [...form!.querySelectorAll<HTMLElement>('*')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 1 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
        })
        .map((el) => el.dataset.testid ?? el.tagName);
    });
    expect(overflow).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  });
}

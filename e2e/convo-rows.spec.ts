import { expect, type Page, test } from '@playwright/test';
import { assistantMessages, send, signIn } from './helpers.ts';

const rows = (page: Page) => page.getByTestId('convo-row');
const rowById = (page: Page, id: string) => page.locator(`[data-testid="convo-row"][data-convo-id="${id}"]`);
const currentId = (page: Page) => new URL(page.url()).pathname.split('/').pop() as string;

async function openRowMenu(page: Page, id: string) {
  const row = page.locator(`[data-testid="convo-row-item"][data-convo-id="${id}"]`);
  await row.hover();
  await row.getByTestId('convo-menu-button').click();
  await expect(page.getByTestId('convo-menu')).toBeVisible();
}

/** A saved conversation with two exchanges and its generated title settled. */
async function chatWithTwoTurns(page: Page, first: string, second: string): Promise<string> {
  await send(page, first);
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('send-button')).toBeVisible();
  await send(page, second);
  await expect(assistantMessages(page)).toHaveCount(2);
  await expect(page.getByTestId('send-button')).toBeVisible();
  const id = currentId(page);
  // The generated title lands about 2.5 s after the first exchange: rename after it.
  await expect(rowById(page, id)).not.toHaveText('New Chat', { timeout: 15_000 });
  return id;
}

async function openSettings(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('open-settings').click();
}

test('rows: rename inline, duplicate, fork, archive → manager → unarchive, delete with confirmation', async ({
  page,
}) => {
  await signIn(page);
  const original = await chatWithTwoTurns(page, 'Tell me about otters', 'And sea lions?');

  // Rename: Escape cancels, Enter saves (and survives a reload).
  await openRowMenu(page, original);
  await page.getByTestId('convo-rename').click();
  const input = page.getByTestId('convo-rename-input');
  await expect(input).toBeFocused();
  await input.fill('Not this');
  await input.press('Escape');
  await expect(rowById(page, original)).not.toHaveText('Not this');
  await openRowMenu(page, original);
  await page.getByTestId('convo-rename').click();
  await page.getByTestId('convo-rename-input').fill('  Marine mammals  ');
  await page.getByTestId('convo-rename-input').press('Enter');
  await expect(rowById(page, original)).toHaveText('Marine mammals');
  // Double-click renames too (large screen); blur commits.
  await rowById(page, original).dblclick();
  await page.getByTestId('convo-rename-input').fill('Marine mammals 2');
  await page.getByTestId('composer-input').click();
  await expect(rowById(page, original)).toHaveText('Marine mammals 2');
  await page.reload();
  await expect(rowById(page, original)).toHaveText('Marine mammals 2');
  await expect(rowById(page, original)).toHaveAttribute('aria-current', 'page');

  // Duplicate: toasts, then the copy opens with the whole thread.
  await openRowMenu(page, original);
  await page.getByTestId('convo-duplicate').click();
  await expect(page.getByText('Successfully duplicated conversation')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(original));
  const copy = currentId(page);
  await expect(assistantMessages(page)).toHaveCount(2);
  await expect(rowById(page, copy)).toHaveAttribute('aria-current', 'page');
  await expect(rowById(page, copy)).toHaveText('Marine mammals 2');

  // Fork the first reply, visible path only: a new conversation with one exchange opens.
  const firstReply = assistantMessages(page).first();
  await firstReply.hover();
  await firstReply.getByTestId('fork-button').click();
  await expect(page.getByTestId('fork-popover')).toBeVisible();
  await page.getByTestId('fork-option-directPath').click();
  await expect(page.getByText('Successfully forked conversation')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(copy));
  const fork = currentId(page);
  await expect(assistantMessages(page)).toHaveCount(1);
  await expect(page.getByTestId('message').first()).toContainText('Tell me about otters');
  await expect(rows(page)).toHaveCount(3);

  // Archive the open conversation: it leaves the list and a new chat starts.
  await openRowMenu(page, fork);
  await page.getByTestId('convo-archive').click();
  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(rowById(page, fork)).toHaveCount(0);

  // It is in the archived manager; unarchive brings it back to the sidebar.
  await openSettings(page);
  await page.getByTestId('archived-manage').click();
  const manager = page.getByTestId('archived-dialog');
  const archivedRow = manager.locator(`[data-testid="archived-row"][data-convo-id="${fork}"]`);
  await expect(archivedRow).toContainText('Marine mammals 2');
  await expect(archivedRow.getByTestId('archived-title')).toHaveAttribute('target', '_blank');
  await archivedRow.getByTestId('archived-unarchive').click();
  await expect(archivedRow).toHaveCount(0);
  await expect(manager.getByTestId('archived-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(rowById(page, fork)).toBeVisible();

  // Delete with confirmation: Cancel keeps it, Delete removes it.
  await rowById(page, original).click();
  await expect(page).toHaveURL(new RegExp(original));
  await openRowMenu(page, original);
  await page.getByTestId('convo-delete').click();
  const dialog = page.getByTestId('delete-convo-dialog');
  await expect(dialog).toContainText('Marine mammals 2');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowById(page, original)).toBeVisible();
  await openRowMenu(page, original);
  await page.getByTestId('convo-delete').click();
  await page.getByTestId('delete-convo-dialog').getByTestId('confirm-button').click();
  await expect(rowById(page, original)).toHaveCount(0);
  await expect(page).toHaveURL(/\/chat\/new$/);
  await page.reload();
  await expect(rows(page)).toHaveCount(2);
  await expect(rowById(page, original)).toHaveCount(0);
});

test('archived manager: search, bulk delete with confirmation; clear all chats resets to a new chat', async ({
  page,
}) => {
  await signIn(page);
  const ids: string[] = [];
  for (const text of ['alpha question', 'beta question', 'gamma question']) {
    await page.getByTestId('new-chat').click();
    await send(page, text);
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('send-button')).toBeVisible();
    const id = currentId(page);
    await expect(rowById(page, id)).not.toHaveText('New Chat', { timeout: 15_000 });
    ids.push(id);
  }
  // Archive two through the right-click menu.
  for (const id of ids.slice(0, 2)) {
    await page.locator(`[data-testid="convo-row-item"][data-convo-id="${id}"]`).click({ button: 'right' });
    await page.getByTestId('convo-archive').click();
    await expect(rowById(page, id)).toHaveCount(0);
  }

  await openSettings(page);
  await page.getByTestId('archived-manage').click();
  const manager = page.getByTestId('archived-dialog');
  await expect(manager.getByTestId('archived-row')).toHaveCount(2);
  const firstTitle = await manager.getByTestId('archived-title').first().innerText();
  await manager.getByTestId('archived-search').fill(firstTitle.slice(0, 40));
  await expect(manager.getByTestId('archived-row')).toHaveCount(1);
  await manager.getByTestId('archived-search').fill('no such chat at all');
  await expect(manager.getByTestId('archived-empty')).toHaveText(
    'No archived conversations match your search.',
  );
  await manager.getByTestId('archived-search').fill('');
  await expect(manager.getByTestId('archived-row')).toHaveCount(2);

  await manager.getByTestId('archived-select-all').check();
  await manager.getByTestId('archived-bulk-delete').click();
  const confirm = page.getByTestId('archived-delete-dialog');
  await expect(confirm).toContainText('The selected conversations and their messages will be deleted.');
  await confirm.getByTestId('confirm-button').click();
  await expect(manager.getByTestId('archived-empty')).toHaveText('You have no archived conversations.');
  await page.keyboard.press('Escape');

  // Clear all chats from Data controls.
  await page.getByTestId('settings-tab-data').click();
  await page.getByTestId('clear-all-chats').click();
  await expect(page.getByTestId('clear-all-dialog')).toContainText(
    'Are you sure you want to clear all conversations?',
  );
  await page.getByTestId('clear-all-dialog').getByTestId('confirm-button').click();
  await expect(page).toHaveURL(/\/chat\/new$/);
  await page.keyboard.press('Escape');
  await expect(rows(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('No conversations yet')).toBeVisible();
});

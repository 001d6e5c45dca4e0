import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';
import type { ChatPage } from './pages/chat.ts';
import type { Sidebar } from './pages/sidebar.ts';

/** A saved conversation with two exchanges and its generated title settled. */
async function chatWithTwoTurns(chat: ChatPage, sidebar: Sidebar, first: string, second: string) {
  await chat.send(first);
  const id = await chat.waitForSaved();
  await chat.sendAndWait(second);
  await expect(chat.assistantMessages).toHaveCount(2);
  // The generated title lands about 2.5 s after the first exchange: rename after it.
  await expect(sidebar.convo(id).link).not.toHaveText('New Chat', { timeout: 15_000 });
  return id;
}

test('rows: rename inline, duplicate, fork, archive → manager → unarchive, delete with confirmation', async ({
  page,
  chat,
  sidebar,
  settings,
}) => {
  await signIn(page);
  const originalId = await chatWithTwoTurns(chat, sidebar, 'Tell me about otters', 'And sea lions?');
  const original = sidebar.convo(originalId);

  // Rename: Escape cancels, Enter saves (and survives a reload).
  const input = await (await original.openMenu()).startRename();
  await input.fill('Not this');
  await input.press('Escape');
  await expect(original.link).not.toHaveText('Not this');
  await original.rename('  Marine mammals  ');
  await expect(original.link).toHaveText('Marine mammals');
  // Double-click renames too (large screen); blur commits.
  await original.link.dblclick();
  await page.getByTestId('convo-rename-input').fill('Marine mammals 2');
  await chat.input.click();
  await expect(original.link).toHaveText('Marine mammals 2');
  await page.reload();
  await expect(original.link).toHaveText('Marine mammals 2');
  await expect(original.link).toHaveAttribute('aria-current', 'page');

  // Duplicate: toasts, then the copy opens with the whole thread.
  await (await original.openMenu()).duplicate();
  await expect(page.getByText('Successfully duplicated conversation')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(originalId));
  const copyId = chat.conversationId;
  const copy = sidebar.convo(copyId);
  await expect(chat.assistantMessages).toHaveCount(2);
  await expect(copy.link).toHaveAttribute('aria-current', 'page');
  await expect(copy.link).toHaveText('Marine mammals 2');

  // Fork the first reply, visible path only: a new conversation with one exchange opens.
  await chat.assistantMessage(0).fork('directPath');
  await expect(page.getByText('Successfully forked conversation')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(copyId));
  const forkId = chat.conversationId;
  const fork = sidebar.convo(forkId);
  await expect(chat.assistantMessages).toHaveCount(1);
  await expect(chat.messages.first()).toContainText('Tell me about otters');
  await expect(sidebar.rows).toHaveCount(3);

  // Archive the open conversation: it leaves the list and a new chat starts.
  await (await fork.openMenu()).archive();
  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(fork.link).toHaveCount(0);

  // It is in the archived manager; unarchive brings it back to the sidebar.
  await settings.open();
  const manager = await settings.openArchived();
  const archivedRow = manager.locator(`[data-testid="archived-row"][data-convo-id="${forkId}"]`);
  await expect(archivedRow).toContainText('Marine mammals 2');
  await expect(archivedRow.getByTestId('archived-title')).toHaveAttribute('target', '_blank');
  await archivedRow.getByTestId('archived-unarchive').click();
  await expect(archivedRow).toHaveCount(0);
  await expect(manager.getByTestId('archived-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await settings.close();
  await expect(fork.link).toBeVisible();

  // Delete with confirmation: Cancel keeps it, Delete removes it.
  await original.open();
  await expect(page).toHaveURL(new RegExp(originalId));
  const dialog = await (await original.openMenu()).delete();
  await expect(dialog).toContainText('Marine mammals 2');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(original.link).toBeVisible();
  await (await (await original.openMenu()).delete()).getByTestId('confirm-button').click();
  await expect(original.link).toHaveCount(0);
  await expect(page).toHaveURL(/\/chat\/new$/);
  await page.reload();
  await expect(sidebar.rows).toHaveCount(2);
  await expect(original.link).toHaveCount(0);
});

test('archived manager: search, bulk delete with confirmation; clear all chats resets to a new chat', async ({
  page,
  chat,
  sidebar,
  settings,
}) => {
  await signIn(page);
  const ids: string[] = [];
  for (const text of ['alpha question', 'beta question', 'gamma question']) {
    await sidebar.newChat();
    await chat.send(text);
    const id = await chat.waitForSaved();
    await expect(sidebar.convo(id).link).not.toHaveText('New Chat', { timeout: 15_000 });
    ids.push(id);
  }
  // Archive two through the right-click menu.
  for (const id of ids.slice(0, 2)) {
    await (await sidebar.convo(id).openContextMenu()).archive();
    await expect(sidebar.convo(id).link).toHaveCount(0);
  }

  await settings.open();
  const manager = await settings.openArchived();
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
  await settings.tab('Data controls');
  await page.getByTestId('clear-all-chats').click();
  await expect(page.getByTestId('clear-all-dialog')).toContainText(
    'Are you sure you want to clear all conversations?',
  );
  await page.getByTestId('clear-all-dialog').getByTestId('confirm-button').click();
  await expect(page).toHaveURL(/\/chat\/new$/);
  await settings.close();
  await expect(sidebar.rows).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('No conversations yet')).toBeVisible();
});

import { expect, test } from './fixtures.ts';
import { apiToken, signIn, startConversation } from './helpers.ts';
import type { ChatPage } from './pages/chat.ts';
import type { Sidebar } from './pages/sidebar.ts';

/**
 * The sidebar's conversation rows (doc 3 §4): rename, duplicate, fork, archive, delete, and the
 * archived manager and "clear all" of the settings dialog. Each test has its own account.
 */
test.describe.configure({ mode: 'parallel' });

/** Send `texts` in the open new chat, one exchange each; returns it once its generated title is in. */
async function savedChat(chat: ChatPage, sidebar: Sidebar, ...texts: string[]) {
  await chat.send(texts[0]!);
  const id = await chat.waitForSaved();
  for (const text of texts.slice(1)) await chat.sendAndWait(text);
  await expect(chat.assistantMessages).toHaveCount(texts.length);
  const row = sidebar.convo(id);
  // The generated title lands about 2.5 s after the first exchange: act on the row after it.
  await expect(row.link).not.toHaveText('New Chat', { timeout: 15_000 });
  return { id, row, title: await row.link.innerText() };
}

test('rows: rename inline (Escape cancels, Enter saves), by double-click, kept after a reload', async ({
  page,
  chat,
  sidebar,
}) => {
  await signIn(page);
  const { row } = await savedChat(chat, sidebar, 'Tell me about otters');

  const input = await (await row.openMenu()).startRename();
  await input.fill('Not this');
  await input.press('Escape');
  await expect(row.link).not.toHaveText('Not this');
  await row.rename('  Marine mammals  ');
  await expect(row.link).toHaveText('Marine mammals');
  // Double-click renames too (large screen); blur commits.
  await row.link.dblclick();
  await page.getByTestId('convo-rename-input').fill('Marine mammals 2');
  await chat.input.click();
  await expect(row.link).toHaveText('Marine mammals 2');
  await page.reload();
  await expect(row.link).toHaveText('Marine mammals 2');
  await expect(row.link).toHaveAttribute('aria-current', 'page');
});

test('rows: duplicate opens a copy with the whole thread; a fork of the first reply keeps one exchange', async ({
  page,
  chat,
  sidebar,
}) => {
  await signIn(page);
  const original = await savedChat(chat, sidebar, 'Tell me about otters', 'And sea lions?');

  // Duplicate: toasts, then the copy opens with the whole thread.
  await (await original.row.openMenu()).duplicate();
  await expect(page.getByText('Successfully duplicated conversation')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(original.id));
  const copyId = chat.conversationId;
  const copy = sidebar.convo(copyId);
  await expect(chat.assistantMessages).toHaveCount(2);
  await expect(copy.link).toHaveAttribute('aria-current', 'page');
  await expect(copy.link).toHaveText(original.title);

  // Fork the first reply, visible path only: a new conversation with one exchange opens.
  await chat.assistantMessage(0).fork('directPath');
  await expect(page.getByText('Successfully forked conversation')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(copyId));
  await expect(chat.assistantMessages).toHaveCount(1);
  await expect(chat.messages.first()).toContainText('Tell me about otters');
  await expect(sidebar.convo(chat.conversationId).link).toContainText(original.title);
  await expect(sidebar.rows).toHaveCount(3);
});

test('rows: archive the open conversation → it is in the archived manager → unarchive', async ({
  page,
  chat,
  sidebar,
  settings,
}) => {
  await signIn(page);
  const { id, row, title } = await savedChat(chat, sidebar, 'Tell me about otters');

  // Archive the open conversation: it leaves the list and a new chat starts.
  await (await row.openMenu()).archive();
  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(row.link).toHaveCount(0);

  // It is in the archived manager; unarchive brings it back to the sidebar.
  await settings.open();
  const manager = await settings.openArchived();
  const archivedRow = manager.locator(`[data-testid="archived-row"][data-convo-id="${id}"]`);
  await expect(archivedRow).toContainText(title);
  await expect(archivedRow.getByTestId('archived-title')).toHaveAttribute('target', '_blank');
  await archivedRow.getByTestId('archived-unarchive').click();
  await expect(archivedRow).toHaveCount(0);
  await expect(manager.getByTestId('archived-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await settings.close();
  await expect(row.link).toBeVisible();
});

test('rows: delete asks first; Cancel keeps the conversation, Delete removes it', async ({
  page,
  chat,
  sidebar,
}) => {
  await signIn(page);
  const { row, title } = await savedChat(chat, sidebar, 'Tell me about otters');

  const dialog = await (await row.openMenu()).delete();
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.link).toBeVisible();
  await (await (await row.openMenu()).delete()).getByTestId('confirm-button').click();
  await expect(row.link).toHaveCount(0);
  // It was the open conversation: a new chat starts.
  await expect(page).toHaveURL(/\/chat\/new$/);
  await page.reload();
  await expect(page.getByText('No conversations yet')).toBeVisible();
  await expect(sidebar.rows).toHaveCount(0);
});

test('archived manager: search, bulk delete with confirmation', async ({ page, sidebar, settings }) => {
  const account = await signIn(page);
  // Three conversations made over the API (the UI path is covered above), titles generated.
  const token = await apiToken(page, account);
  const ids: string[] = [];
  for (const text of ['alpha question', 'beta question', 'gamma question']) {
    ids.push(await startConversation(page, token, text));
  }
  for (const id of ids) {
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/convos/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return (await res.json()).title;
      })
      .not.toBe('New Chat');
  }
  await page.reload();
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
  await settings.close();
  // The one never archived is still listed.
  await expect(sidebar.rows).toHaveCount(1);
  await expect(sidebar.convo(ids[2]!).link).toBeVisible();
});

test('clear all chats from Data controls resets to a new chat', async ({ page, chat, sidebar, settings }) => {
  await signIn(page);
  const { row } = await savedChat(chat, sidebar, 'alpha question');
  await expect(row.link).toBeVisible();

  await settings.open('Data controls');
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

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiToken, signIn } from './helpers.ts';
import { FAKE_URL } from './servers.ts';

/** Files in the browser (issue 14): drag-and-drop an image into the chat, the Files panel, the /d/files manager. */

test.describe.configure({ mode: 'parallel' });

/** Upload text files over the API (as the composer would), oldest first; returns their ids. */
async function uploadTextFiles(page: Page, token: string, names: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const res = await page.request.post('/api/files', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        file_id: randomUUID(),
        endpoint: 'openAI',
        file: { name, mimeType: 'text/plain', buffer: Buffer.from(`The notes of ${name}.\n`) },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    ids.push((await res.json()).file_id);
  }
  return ids;
}

/** Drop files on the chat as a browser does and choose 'Upload as Text' for them. */
async function dropAsText(page: Page, files: readonly { name: string; type: string; body: string }[]) {
  await expect(page.getByTestId('attach-button')).toBeEnabled();
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([f.body], f.name, { type: f.type }));
    return dt;
  }, files);
  const view = page.getByTestId('chat-view');
  await view.dispatchEvent('dragenter', { dataTransfer });
  await view.dispatchEvent('drop', { dataTransfer });
  await page.getByTestId('upload-choice-context').click();
}

/** A slow reply to `prompt`, so the question can be checked while the answer streams. */
async function queueSlowReply(page: Page, prompt: string) {
  const res = await page.request.post(`${FAKE_URL}/__fake/scenarios`, {
    data: {
      match: { match: { lastUserText: { regex: `^${prompt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` } } },
      script: {
        steps: [{ type: 'text', text: 'It is a small blue rectangle, three pixels wide and two high.' }],
        timing: { chunking: 'word', tokensPerSec: 2 },
      },
    },
  });
  expect(res.status()).toBe(200);
}

/** A 1×1 PNG (a real image for the server's magic-byte and image checks). */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function listedNames(page: Page, token: string): Promise<string[]> {
  const res = await page.request.get('/api/files?limit=100', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).files.map((f: { filename: string }) => f.filename);
}

test('an image dropped on the chat becomes a chip, is sent, and shows on the question', async ({
  page,
  chat,
}) => {
  await signIn(page);
  // Drops are taken once a model is chosen (the attach button says so).
  await expect(page.getByTestId('attach-button')).toBeEnabled();
  await queueSlowReply(page, 'What colour is this?');

  // A real drop: a PNG drawn in the page, carried by a DataTransfer through dragenter → drop.
  const dataTransfer = await page.evaluateHandle(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 3;
    canvas.height = 2;
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.fillStyle = '#3366ff';
      ctx.fillRect(0, 0, 3, 2);
    }
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    const dt = new DataTransfer();
    dt.items.add(new File([blob ?? new Blob()], 'blue.png', { type: 'image/png' }));
    return dt;
  });
  const view = page.getByTestId('chat-view');
  await view.dispatchEvent('dragenter', { dataTransfer });
  await view.dispatchEvent('dragover', { dataTransfer });
  const overlay = page.getByTestId('drop-overlay');
  await expect(overlay).toContainText('Add anything');
  await expect(overlay).toContainText('Drop any file here to add it to the conversation');
  await view.dispatchEvent('drop', { dataTransfer });

  // All dropped files are images: the image option is offered first (doc 3 "Upload type choice").
  const choice = page.getByTestId('upload-type-choice');
  await expect(choice.getByRole('button')).toHaveText([
    'Upload Image',
    'Upload as Text',
    'Upload for File Search',
  ]);
  await choice.getByTestId('upload-choice-image').click();

  const chip = page.getByTestId('attached-file');
  await expect(chip).toHaveCount(1);
  await expect(chip).toContainText('blue.png');
  await expect(chip).toHaveAttribute('data-progress', '1');
  const fileId = await chip.getAttribute('data-file-id');
  expect(fileId).toBeTruthy();

  // Sent with the message: the request names the file, the question shows the thumbnail at once
  // (checked while the reply streams; what the server saves is the next test's business).
  const chatRequest = page.waitForRequest((r) => r.url().endsWith('/api/chat') && r.method() === 'POST');
  await chat.send('What colour is this?');
  expect((await chatRequest).postDataJSON().files).toEqual([{ file_id: fileId }]);
  await expect(page.getByTestId('attached-file')).toHaveCount(0);
  const thumbnail = chat.userMessages.last().getByTestId('message-image');
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail).toHaveJSProperty('naturalWidth', 3);
  // The lightbox opens full size and Escape closes it.
  await chat.userMessages.last().getByRole('button', { name: 'Open blue.png full size' }).click();
  await expect(page.getByRole('dialog', { name: 'blue.png' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a saved question shows its image, fetched with the session, after a reload', async ({ page, chat }) => {
  const account = await signIn(page);
  const token = await apiToken(page, account);
  const headers = { authorization: `Bearer ${token}` };
  const upload = await page.request.post('/api/files/images', {
    headers,
    multipart: {
      file_id: randomUUID(),
      endpoint: 'openAI',
      tool_resource: 'image',
      file: { name: 'dot.png', mimeType: 'image/png', buffer: PNG_1X1 },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { file_id } = await upload.json();
  const sent = await page.request.post('/api/chat', {
    headers,
    data: {
      text: 'Describe the dot.',
      messageId: randomUUID(),
      parentMessageId: '00000000-0000-0000-0000-000000000000',
      conversationId: null,
      endpoint: 'openAI',
      model: 'gpt-4o',
      files: [{ file_id }],
    },
  });
  const conversationId = /"conversationId":"([0-9a-f-]{36})"/.exec(await sent.text())?.[1];
  expect(conversationId).toBeTruthy();
  const saved = await (await page.request.get(`/api/messages/${conversationId}`, { headers })).json();
  const question = (saved as { isCreatedByUser: boolean; files?: unknown[] }[]).find(
    (m) => m.isCreatedByUser,
  );
  expect(question?.files).toHaveLength(1);

  await page.goto(`/chat/${conversationId}`);
  const image = chat.userMessages.last().getByTestId('message-image');
  await expect(image).toBeVisible();
  await expect(image).toHaveJSProperty('naturalWidth', 1);
  // The <img> shows an object URL: the download itself needs the bearer token.
  await expect(image).toHaveAttribute('src', /^blob:/);
});

test('the Files panel lists, filters, pages, sorts and deletes', async ({ page }) => {
  const account = await signIn(page);
  const token = await apiToken(page, account);
  const names = Array.from({ length: 12 }, (_, i) => `note-${String(i + 1).padStart(2, '0')}.txt`);
  await uploadTextFiles(page, token, names);
  await page.reload();

  await page.getByTestId('files-panel-button').click();
  const panel = page.getByTestId('files-panel');
  const rows = panel.getByTestId('files-row-name');
  // Newest first, 10 per page (doc 3 §9).
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toHaveText('note-12.txt');
  // The name column gets the panel's width: a short name is whole (a wide date column once cut
  // every name to five letters).
  expect(await rows.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).length)).toBe(0);
  await panel.getByTestId('files-next').click();
  await expect(rows).toHaveText(['note-02.txt', 'note-01.txt']);
  await expect(panel.getByTestId('files-next')).toBeDisabled();
  await panel.getByTestId('files-previous').click();
  await expect(rows).toHaveCount(10);

  // Name sort, ascending then descending.
  await panel.getByTestId('files-sort-name').click();
  await expect(rows.first()).toHaveText('note-01.txt');
  await panel.getByTestId('files-sort-name').click();
  await expect(rows.first()).toHaveText('note-12.txt');

  // The filter goes to the server and starts again at page 1.
  await panel.getByTestId('files-filter').fill('note-07');
  await expect(rows).toHaveText(['note-07.txt']);

  // Delete asks first, then the row and the stored file are gone.
  await panel.getByTestId('files-row-delete').click();
  await page.getByTestId('files-delete-dialog').getByTestId('confirm-button').click();
  await expect(panel.getByTestId('files-empty')).toBeVisible();
  expect(await listedNames(page, token)).not.toContain('note-07.txt');
  expect(await listedNames(page, token)).toHaveLength(11);
});

test('the file manager deletes several files at once', async ({ page }) => {
  const account = await signIn(page);
  const token = await apiToken(page, account);
  await uploadTextFiles(page, token, ['keep.txt', 'drop-a.txt', 'drop-b.txt', 'drop-c.txt']);

  await page.goto('/d/files');
  const manager = page.getByTestId('file-manager');
  await expect(manager.getByTestId('files-row')).toHaveCount(4);
  for (const name of ['drop-a.txt', 'drop-b.txt', 'drop-c.txt'])
    await manager.getByRole('checkbox', { name: `Select ${name}` }).check();
  await expect(manager.getByTestId('files-selected-count')).toHaveText('3 of 4 items(s) selected');
  await manager.getByTestId('files-delete-selected').click();
  await page.getByTestId('files-delete-dialog').getByTestId('confirm-button').click();
  await expect(manager.getByTestId('files-row-name')).toHaveText(['keep.txt']);
  expect(await listedNames(page, token)).toEqual(['keep.txt']);
});

test('the manager attaches selected files to the conversation it was opened from', async ({ page }) => {
  const account = await signIn(page);
  const token = await apiToken(page, account);
  await uploadTextFiles(page, token, ['brief.txt', 'other.txt']);
  // The composer of a new chat is where the manager attaches.
  await expect(page.getByTestId('attach-button')).toBeEnabled();
  await page.getByTestId('files-panel-button').click();
  await page.getByTestId('files-manage').click();
  await expect(page).toHaveURL(/\/d\/files$/);

  const manager = page.getByTestId('file-manager');
  await manager.getByRole('checkbox', { name: 'Select brief.txt' }).check();
  await manager.getByTestId('files-attach-selected').click();
  await expect(page).toHaveURL(/\/chat\/new$/);
  const chip = page.getByTestId('attached-file');
  await expect(chip).toHaveCount(1);
  await expect(chip).toContainText('brief.txt');
  await expect(chip).toHaveAttribute('data-progress', '1');
});

test('refused files are told together in one list', async ({ page }) => {
  await signIn(page);
  await dropAsText(page, [
    { name: 'setup.exe', type: 'application/x-msdownload', body: 'MZ' },
    { name: 'bundle.bin', type: 'application/octet-stream', body: 'PK' },
    { name: 'fine.txt', type: 'text/plain', body: 'fine' },
  ]);
  const list = page.getByTestId('upload-errors');
  await expect(list.getByRole('listitem')).toHaveText([
    'Currently, unsupported file type: application/x-msdownload',
    'Currently, unsupported file type: application/octet-stream',
  ]);
  // The acceptable one is uploaded all the same.
  await expect(page.getByTestId('attached-file')).toContainText('fine.txt');
  await expect(page.getByTestId('attached-file')).toHaveAttribute('data-progress', '1');
});

test('removing chips deletes their files in one request, a second after the last removal', async ({
  page,
}) => {
  const account = await signIn(page);
  const token = await apiToken(page, account);
  await dropAsText(page, [
    { name: 'one.txt', type: 'text/plain', body: 'one' },
    { name: 'two.txt', type: 'text/plain', body: 'two' },
  ]);
  const chips = page.getByTestId('attached-file');
  await expect(chips).toHaveCount(2);
  await expect(chips.nth(0)).toHaveAttribute('data-progress', '1');
  await expect(chips.nth(1)).toHaveAttribute('data-progress', '1');

  const deletes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE' && new URL(r.url()).pathname === '/api/files')
      deletes.push(r.postData() ?? '');
  });
  await page.getByRole('button', { name: 'Remove one.txt' }).click();
  await page.getByRole('button', { name: 'Remove two.txt' }).click();
  await expect(chips).toHaveCount(0);
  await expect.poll(() => deletes.length, { timeout: 5000 }).toBe(1);
  expect(JSON.parse(deletes[0] ?? '{}').files).toHaveLength(2);
  await expect.poll(async () => (await listedNames(page, token)).length).toBe(0);
});

test('on a 375 px phone the chips keep to one row, the manager fits and long names wrap in dialogs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const account = await signIn(page);
  const token = await apiToken(page, account);
  // Underscores give the browser no place to break the name.
  const long = 'IMG_20261128_083112_holiday_camera_upload_original_resolution.txt';
  await uploadTextFiles(page, token, [long, 'short.txt']);
  const overflows = () =>
    page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

  // Three chips scroll sideways in one row instead of stacking over the thread.
  await dropAsText(
    page,
    ['first-report.txt', 'second-report.txt', 'third-report.txt'].map((name) => ({
      name,
      type: 'text/plain',
      body: name,
    })),
  );
  const chips = page.getByTestId('attached-file');
  await expect(chips).toHaveCount(3);
  const tops = await chips.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  expect(await overflows()).toBe(false);

  // A long name's delete question wraps inside the dialog.
  await page.getByTestId('chat-more').click();
  await page.getByTestId('more-files').click();
  const panel = page.getByTestId('files-panel');
  await panel.getByTestId('files-filter').fill('holiday');
  await expect(panel.getByTestId('files-row')).toHaveCount(1);
  await panel.getByTestId('files-row-delete').click();
  const question = page.getByTestId('files-delete-dialog');
  await expect(question).toContainText(long);
  expect(await question.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.keyboard.press('Escape');

  // The manager's table fits without scrolling sideways, its date column on screen, and the
  // toolbar's buttons keep their labels on one line.
  await page.goto('/d/files');
  const manager = page.getByTestId('file-manager');
  // The two stored files and the three the chips uploaded.
  await expect(manager.getByTestId('files-row')).toHaveCount(5);
  expect(await overflows()).toBe(false);
  const table = manager.getByRole('table');
  expect(
    await table.evaluate(
      (el) => (el.parentElement?.scrollWidth ?? 0) <= (el.parentElement?.clientWidth ?? 0),
    ),
  ).toBe(true);
  await expect(manager.getByTestId('files-sort-date')).toBeInViewport({ ratio: 1 });
  expect((await manager.getByTestId('files-attach-selected').boundingBox())?.height).toBeLessThanOrEqual(36);
  await expect(manager.getByTestId('files-delete-selected')).toBeInViewport({ ratio: 1 });
});

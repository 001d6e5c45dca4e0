import { readFileSync } from 'node:fs';
import type { JournalEntry } from '@parley/fake-provider';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { makePdf } from '../packages/server/test/files-fixtures.ts';
import { expect, test } from './fixtures.ts';
import { dropFiles, signIn } from './helpers.ts';
import { FAKE_URL } from './servers.ts';

/**
 * Issue 14 end to end: an image dropped on the chat reaches a vision model as an image, and a PDF
 * sent for file search gives a reply whose citation opens the passage.
 */

async function generations(page: Page): Promise<JournalEntry[]> {
  const res = await page.request.get(`${FAKE_URL}/__fake/requests?dialect=openai-chat`);
  return ((await res.json()) as JournalEntry[]).filter((e) => e.kind === 'generate');
}

test('an image dropped on the chat goes to the vision model as an image, and shows on the message', async ({
  page,
  chat,
}) => {
  await signIn(page);
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1e90ff' } })
    .png()
    .toBuffer();
  await dropFiles(page, [{ name: 'blue.png', type: 'image/png', bytes: png }]);
  await page.getByTestId('upload-choice-image').click();
  const chip = page.getByTestId('attached-file');
  await expect(chip).toContainText('blue.png');
  const prompt = `What colour is this? ${Date.now()}`;
  await chat.sendAndWait(prompt);
  // The question shows its image (loaded with the bearer token, as an object URL).
  const thumb = chat.userMessages.last().locator('img');
  await expect(thumb).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(async () => {
      const sent = (await generations(page)).find((e) =>
        e.request?.messages.at(-1)?.parts.some((p) => p.type === 'text' && p.text === prompt),
      );
      return sent?.request?.messages.at(-1)?.parts.map((p) => p.type);
    })
    .toEqual(['image', 'text']);
});

test('an iPhone photo (HEIC) is attached, sent to the vision model as a JPEG, and shows on the message', async ({
  page,
  chat,
}) => {
  await signIn(page);
  const heic = readFileSync(
    new URL('../packages/server/test/fixtures/heic/photo-64x48.heic', import.meta.url),
  );
  await dropFiles(page, [{ name: 'IMG_0001.HEIC', type: 'image/heic', bytes: heic }]);
  await page.getByTestId('upload-choice-image').click();
  const chip = page.getByTestId('attached-file');
  await expect(chip).toContainText('IMG_0001.HEIC');
  await expect(chip).toHaveAttribute('data-progress', '1');
  // Chromium cannot draw HEIC: the chip shows the file icon, not a broken image.
  await expect(chip.locator('img')).toHaveCount(0);
  const prompt = `What is in this photo? ${Date.now()}`;
  await chat.sendAndWait(prompt);
  // The question shows the stored JPEG, which the browser does draw.
  const thumb = chat.userMessages.last().locator('img');
  await expect(thumb).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await expect
    .poll(async () => {
      const sent = (await generations(page)).find((e) =>
        e.request?.messages.at(-1)?.parts.some((p) => p.type === 'text' && p.text === prompt),
      );
      const image = sent?.request?.messages.at(-1)?.parts[0] as { url?: string; data?: string } | undefined;
      const base64 = image?.data ?? image?.url?.replace(/^data:image\/jpeg;base64,/, '');
      return base64 ? Buffer.from(base64, 'base64').subarray(0, 3).toString('hex') : null;
    })
    .toBe('ffd8ff');
});

test('a PDF sent for file search: the reply cites it, and the citation opens the passage', async ({
  page,
  chat,
}) => {
  await signIn(page);
  const pdf = makePdf([
    { lines: ['Orchard notes', 'The apple trees were planted in spring.'] },
    { lines: ['Pruning', 'The pear trees are pruned every February by the gardener.'] },
  ]);
  await page.getByTestId('attach-button').click();
  // This server has no embeddings model: the choice says file search ranks by words only.
  await expect(page.getByTestId('attach-file_search').getByTestId('file-search-full-text')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('attach-file_search').click();
  await (await chooser).setFiles({ name: 'orchard.pdf', mimeType: 'application/pdf', buffer: pdf });
  // A menu opened by the pointer does not hand focus back to the button (its tooltip would cover
  // the composer after every attach).
  await expect(page.getByTestId('attach-button')).not.toBeFocused();
  await expect(page.getByTestId('attached-file')).toContainText('orchard.pdf');
  // The send button waits for the upload (and its indexing) to finish.
  await chat.sendAndWait('When are the pear trees pruned?');

  const reply = chat.assistantMessages.last();
  const sources = reply.getByTestId('citation-sources');
  await expect(sources).toContainText('orchard.pdf');
  // The fake provider echoes the prompt, passages and all: its [1] is a citation mark.
  await reply.getByTestId('citation-mark').first().click();
  await expect(page.getByTestId('citation-passage')).toContainText('pruned every February');
  await expect(page.getByRole('dialog')).toContainText('orchard.pdf, page 2');
  const tab = page.context().waitForEvent('page');
  await page.getByTestId('citation-open-file').click();
  const opened = await tab;
  await expect.poll(() => opened.url()).toMatch(/^blob:.*#page=2$/);
});

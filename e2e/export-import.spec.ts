import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

const CHATGPT_FIXTURE = path.join(
  import.meta.dirname,
  '../packages/server/test/fixtures/import/chatgpt.json',
);

/** Open the export dialog, pick a type and return the downloaded file's name and text. */
async function exportAs(page: Page, type: string, setup?: () => Promise<void>) {
  await page.getByTestId('export-button').click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('export-type').selectOption(type);
  await setup?.();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByTestId('export-submit').click(),
  ]);
  await expect(dialog).toBeHidden();
  const file = await download.path();
  return { name: download.suggestedFilename(), body: readFileSync(file) };
}

test('export a conversation as markdown, json and a screenshot', async ({ page, chat }) => {
  await signIn(page);
  await chat.send('Plan a picnic for four');
  await chat.waitForSaved();
  const reply = chat.lastAssistantMessage();
  await reply.regenerate();
  await expect(reply.siblingCounter).toHaveText('2 / 2');
  await chat.waitForReply();
  const replyText = (await reply.text.innerText()).trim();

  // The file name defaults to the (sanitized) title; the dialog's rules follow the type.
  await page.getByTestId('export-button').click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog.getByTestId('export-type')).toHaveValue('screenshot');
  await expect(dialog.getByTestId('export-include-options')).toBeDisabled();
  await expect(dialog.getByTestId('export-branches')).toBeDisabled();
  await expect(dialog.getByTestId('export-recursive')).toHaveCount(0);
  await expect(dialog.getByTestId('export-filename')).not.toHaveValue('');
  await dialog.getByTestId('export-type').selectOption('json');
  await expect(dialog.getByTestId('export-branches')).toBeEnabled();
  await expect(dialog.getByTestId('export-branches')).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByTestId('export-recursive')).toBeVisible();
  await dialog.getByTestId('export-type').selectOption('csv');
  await expect(dialog.getByTestId('export-include-options')).toBeDisabled();
  await page.keyboard.press('Escape');

  const md = await exportAs(page, 'markdown', async () => {
    await page.getByTestId('export-filename').fill('Picnic: plan/draft');
  });
  expect(md.name).toBe('Picnic_ plan_draft.md');
  const text = md.body.toString('utf8');
  expect(text).toContain('# Conversation');
  expect(text).toContain('## Options');
  expect(text).toContain('**User**\nPlan a picnic for four\n');
  expect(text).toContain(replyText.split('\n')[0]);
  // Only the visible branch: one user message and one reply.
  expect(text.match(/^\*\*/gm)).toHaveLength(2);

  const json = await exportAs(page, 'json');
  expect(json.name.endsWith('.json')).toBe(true);
  const data = JSON.parse(json.body.toString('utf8'));
  expect(data).toMatchObject({ branches: true, recursive: true });
  expect(data.options.endpoint).toBeTruthy();
  expect(data.messagesTree).toHaveLength(1);
  expect(data.messagesTree[0].text).toBe('Plan a picnic for four');
  // Both replies (the regenerated sibling too) are under the question.
  expect(data.messagesTree[0].children).toHaveLength(2);

  const png = await exportAs(page, 'screenshot');
  expect(png.name.endsWith('.png')).toBe(true);
  expect(png.body.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.body.length).toBeGreaterThan(2000);
});

test('import a ChatGPT export from Settings → Data controls', async ({ page, chat, sidebar, settings }) => {
  await signIn(page);
  await settings.open('Data controls');
  const block = page.getByTestId('import-conversations');
  await expect(block).toContainText('Import conversations from a JSON file');

  // A non-JSON file is refused with the file-type error before anything is sent.
  await block.getByTestId('import-file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByText('Unsupported import type')).toBeVisible();

  await block.getByTestId('import-file').setInputFiles(CHATGPT_FIXTURE);
  await expect(page.getByText('Conversations imported successfully')).toBeVisible();
  await settings.close();

  const row = sidebar.convoTitled('Sourdough starter schedule');
  await expect(row.link).toBeVisible();
  await expect(sidebar.convoTitled('Python list slicing').link).toBeVisible();
  await row.open();
  await expect(page.getByText('How often should I feed a new sourdough starter?')).toBeVisible();
  // The newest branch shows; the edited question keeps its sibling.
  await expect(page.getByText('Between bakes, feed it weekly')).toBeVisible();
  await expect(chat.messages.getByTestId('sibling-counter').first()).toHaveText('2 / 2');
  await chat.messages.getByRole('button', { name: 'Previous' }).first().click();
  await expect(page.getByText('In the fridge, once a week is enough.')).toBeVisible();
});

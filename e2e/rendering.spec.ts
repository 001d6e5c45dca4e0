import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { FAKE_URL } from './servers.ts';

/** Rendering of a reply (doc 2 §4.13, issue 5 point 1): GFM, math, safety, direction, keys. */

/** The next request whose last user message contains `prompt` is answered with `reply`. */
async function queueReply(page: Page, prompt: string, reply: string) {
  const res = await page.request.post(`${FAKE_URL}/__fake/scenarios`, {
    data: {
      match: { match: { lastUserText: prompt } },
      script: { steps: [{ type: 'text', text: reply }], timing: { chunking: 'word', tokensPerSec: 400 } },
    },
  });
  expect(res.status()).toBe(200);
}

const MARKDOWN_REPLY = [
  '| Fruit | Colour |',
  '| --- | --- |',
  '| Apple | Red |',
  '| Lime | Green |',
  '',
  '- [x] done task',
  '- [ ] open task',
  '',
  'This is ~~struck~~ text with a [link](https://example.com/page).',
  '',
  'Raw <b>bold</b> and <img src="x" onerror="window.__pwned=1"> stay text.',
  '',
  '<script>window.__pwned=2</script>',
].join('\n');

test('GFM tables, task lists, strikethrough and safe links render; raw HTML never does', async ({
  page,
  chat,
}) => {
  await signIn(page);
  const prompt = `gfm ${Date.now()}`;
  await queueReply(page, prompt, MARKDOWN_REPLY);
  await chat.sendAndWait(prompt);
  const reply = chat.lastAssistantText;

  await expect(reply.locator('table tbody tr')).toHaveCount(2);
  await expect(reply.locator('table th').first()).toHaveText('Fruit');
  const boxes = reply.locator('input[type="checkbox"]');
  await expect(boxes).toHaveCount(2);
  await expect(boxes.first()).toBeChecked();
  await expect(boxes.last()).not.toBeChecked();
  await expect(boxes.first()).toBeDisabled();
  await expect(reply.locator('del')).toHaveText('struck');
  const link = reply.getByRole('link', { name: 'link' });
  await expect(link).toHaveAttribute('href', 'https://example.com/page');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(link).toHaveAttribute('rel', /noreferrer/);

  // HTML shows as the text it is.
  await expect(reply).toContainText('<b>bold</b>');
  await expect(reply).toContainText('<script>');
  await expect(reply.locator('b, img, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

const MATH_REPLY = [
  'Inline dollars $a^2+b^2$ and inline parens \\(x_1\\) here.',
  '',
  '$$\\sum_{i=1}^{n} i$$',
  '',
  '\\[\\int_0^1 f(x)\\,dx\\]',
].join('\n');

test('math in all four delimiters renders with KaTeX; the LaTeX setting turns it off', async ({
  page,
  chat,
  settings,
}) => {
  await signIn(page);
  const prompt = `math ${Date.now()}`;
  await queueReply(page, prompt, MATH_REPLY);
  await chat.sendAndWait(prompt);
  const reply = chat.lastAssistantText;
  await expect(reply.locator('.katex')).toHaveCount(4);
  await expect(reply.locator('.katex-display')).toHaveCount(2);

  await settings.open('Chat');
  await settings.switch('Render LaTeX math').click();
  await settings.close();
  await expect(reply.locator('.katex')).toHaveCount(0);
  await expect(reply).toContainText('$a^2+b^2$');
});

test('right-to-left chat and Enter-to-send off (Ctrl+Enter sends, Enter adds a line)', async ({
  page,
  chat,
  settings,
}) => {
  await signIn(page);
  await settings.open('Chat');
  await settings.switch('Right-to-left chat').click();
  await settings.switch('Press Enter to send').click();
  await settings.close();

  const input = chat.input;
  await input.fill('first line');
  await input.press('Enter');
  await input.pressSequentially('second line');
  await expect(input).toHaveValue('first line\nsecond line');
  await input.press('Control+Enter');
  await expect(chat.lastAssistantText).toContainText('second line');
  await expect(chat.messageList).toHaveAttribute('dir', 'rtl');

  await page.reload();
  await expect(chat.messageList).toHaveAttribute('dir', 'rtl');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('preferences') ?? '{}').state);
  expect(stored).toMatchObject({ chatDirection: 'RTL', enterToSend: false });
});

test('toggling a thoughts section stores the show-thinking setting', async ({ page, chat }) => {
  await signIn(page);
  // OpenAI's chat API never streams reasoning; Anthropic's does.
  await chat.pickFirstModelOf('anthropic');
  await chat.sendAndWait('Ponder [[fake:think]]');
  const toggle = page.getByRole('button', { name: 'Thoughts' });
  // After the reply the section is closed by default (show thinking unset).
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByTestId('thinking')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('preferences') ?? '{}').state);
  expect(stored.showThinking).toBe(true);
  await page.reload();
  await expect(page.getByTestId('thinking')).toBeVisible();
});

test('a finished code block is highlighted off the main thread', async ({ page, chat }) => {
  await signIn(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const prompt = `code ${Date.now()}`;
  await queueReply(page, prompt, 'Here:\n\n```python\ndef area(r):\n    return 3.14 * r * r\n```');
  await chat.send(prompt);
  const code = chat.lastAssistantText.locator('[data-testid="code-block"] code');
  await expect(code).toHaveClass(/code-tokens/);
  // Tokens carry the theme colours as CSS variables.
  await expect(code.locator('span[style*="--shiki"]').first()).toBeVisible();
  await expect(code).toContainText('return 3.14 * r * r');
  expect(workers.some((url) => url.includes('highlight.worker'))).toBe(true);
});

import { expect, type Page, test } from '@playwright/test';
import { lastAssistantText, send, signIn } from './helpers.ts';
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

async function openChatSettings(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-tab-chat').click();
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

test('GFM tables, task lists, strikethrough and safe links render; raw HTML never does', async ({ page }) => {
  await signIn(page);
  const prompt = `gfm ${Date.now()}`;
  await queueReply(page, prompt, MARKDOWN_REPLY);
  await send(page, prompt);
  const reply = lastAssistantText(page);
  await expect(page.getByTestId('send-button')).toBeVisible();

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

test('math in all four delimiters renders with KaTeX; the LaTeX setting turns it off', async ({ page }) => {
  await signIn(page);
  const prompt = `math ${Date.now()}`;
  await queueReply(page, prompt, MATH_REPLY);
  await send(page, prompt);
  const reply = lastAssistantText(page);
  await expect(page.getByTestId('send-button')).toBeVisible();
  await expect(reply.locator('.katex')).toHaveCount(4);
  await expect(reply.locator('.katex-display')).toHaveCount(2);

  await openChatSettings(page);
  await page.getByRole('switch', { name: 'Render LaTeX math' }).click();
  await page.keyboard.press('Escape');
  await expect(reply.locator('.katex')).toHaveCount(0);
  await expect(reply).toContainText('$a^2+b^2$');
});

test('right-to-left chat and Enter-to-send off (Ctrl+Enter sends, Enter adds a line)', async ({ page }) => {
  await signIn(page);
  await openChatSettings(page);
  await page.getByRole('switch', { name: 'Right-to-left chat' }).click();
  await page.getByRole('switch', { name: 'Press Enter to send' }).click();
  await page.keyboard.press('Escape');

  const input = page.getByTestId('composer-input');
  await input.fill('first line');
  await input.press('Enter');
  await input.pressSequentially('second line');
  await expect(input).toHaveValue('first line\nsecond line');
  await input.press('Control+Enter');
  await expect(lastAssistantText(page)).toContainText('second line');
  await expect(page.getByTestId('message-list')).toHaveAttribute('dir', 'rtl');

  await page.reload();
  await expect(page.getByTestId('message-list')).toHaveAttribute('dir', 'rtl');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('preferences') ?? '{}').state);
  expect(stored).toMatchObject({ chatDirection: 'RTL', enterToSend: false });
});

test('toggling a thoughts section stores the show-thinking setting', async ({ page }) => {
  await signIn(page);
  // OpenAI's chat API never streams reasoning; Anthropic's does.
  await page.getByTestId('model-picker').click();
  await page.locator('[data-testid="endpoint-option"][data-endpoint="anthropic"]').hover();
  await page.locator('[data-testid="model-option"][data-endpoint="anthropic"]').first().click();
  await send(page, 'Ponder [[fake:think]]');
  await expect(page.getByTestId('send-button')).toBeVisible();
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

test('a finished code block is highlighted off the main thread', async ({ page }) => {
  await signIn(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const prompt = `code ${Date.now()}`;
  await queueReply(page, prompt, 'Here:\n\n```python\ndef area(r):\n    return 3.14 * r * r\n```');
  await send(page, prompt);
  const code = lastAssistantText(page).locator('[data-testid="code-block"] code');
  await expect(code).toHaveClass(/code-tokens/);
  // Tokens carry the theme colours as CSS variables.
  await expect(code.locator('span[style*="--shiki"]').first()).toBeVisible();
  await expect(code).toContainText('return 3.14 * r * r');
  expect(workers.some((url) => url.includes('highlight.worker'))).toBe(true);
});

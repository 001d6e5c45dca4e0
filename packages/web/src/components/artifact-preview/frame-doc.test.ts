import { describe, expect, it } from 'vitest';
import {
  bodyDocument,
  errorDocument,
  htmlDocument,
  importMap,
  moduleUrl,
  preloadLinks,
  reactDocument,
  UI_MODULE_NAMES,
} from './frame-doc.ts';

const ORIGIN = 'http://127.0.0.1:3080';
const VENDOR = `${ORIGIN}/vendor/abc123/`;

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

function csp(doc: Document): string {
  return doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '';
}

describe('artifact frame documents', () => {
  it('start with a CSP that forbids network and allows scripts only inline and from /vendor/', () => {
    for (const html of [
      reactDocument(ORIGIN, VENDOR, moduleUrl('export default () => null;')),
      htmlDocument(ORIGIN, '<p>hi</p>'),
      bodyDocument(ORIGIN, '<svg></svg>'),
      errorDocument(ORIGIN, 'boom'),
    ]) {
      // The policy is the first thing in the document, before any author content.
      expect(html.indexOf('Content-Security-Policy')).toBeLessThan(200);
      const policy = csp(parse(html));
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("connect-src 'none'");
      expect(policy).toContain(`script-src 'unsafe-inline' data: blob: ${ORIGIN}/vendor/`);
      expect(policy).toContain(`img-src data: blob: ${ORIGIN}/api/placeholder/`);
      expect(policy).not.toMatch(/https?:\/\/(?!127\.0\.0\.1:3080)/);
    }
  });

  it('an HTML artifact cannot get in before the CSP', () => {
    const html = htmlDocument(ORIGIN, '<html><head><script>fetch("x")</script></head><body>x</body></html>');
    const doc = parse(html);
    expect(doc.head.firstElementChild?.getAttribute('charset')).toBe('utf-8');
    expect(csp(doc)).toContain("connect-src 'none'");
  });

  it('maps React, lucide, recharts and every shadcn name (both prefixes) to the vendor folder', () => {
    const { imports } = importMap(VENDOR);
    for (const name of [
      'react',
      'react/jsx-runtime',
      'react-dom',
      'react-dom/client',
      'lucide-react',
      'recharts',
    ]) {
      expect(imports[name]).toMatch(new RegExp(`^${VENDOR}[\\w-]+\\.js$`));
    }
    for (const name of UI_MODULE_NAMES) {
      expect(imports[`/components/ui/${name}`]).toBe(`${VENDOR}ui.js`);
      expect(imports[`@/components/ui/${name}`]).toBe(`${VENDOR}ui.js`);
    }
    expect(UI_MODULE_NAMES).toEqual(
      expect.arrayContaining(['button', 'card', 'input', 'label', 'badge', 'tabs', 'select']),
    );
  });

  it('a React document carries the import map, Tailwind and the compiled module, with </script> escaped', () => {
    const compiled = 'export default () => "</script><script>alert(1)</script>";';
    const doc = parse(reactDocument(ORIGIN, VENDOR, moduleUrl(compiled), compiled));
    const map = JSON.parse(doc.querySelector('script[type="importmap"]')?.textContent ?? '{}');
    expect(map.imports.react).toBe(`${VENDOR}react.js`);
    expect(doc.querySelector(`script[src="${VENDOR}tailwind.js"]`)).not.toBeNull();
    const boot = [...doc.querySelectorAll('script[type="module"]')];
    expect(boot).toHaveLength(1);
    expect(boot[0].textContent).toContain(`${VENDOR}mount.js`);
    const url = JSON.parse(boot[0].textContent!.match(/mount\((.*)\);/)![1]);
    expect(decodeURIComponent(url.replace('data:text/javascript;charset=utf-8,', ''))).toBe(compiled);
  });

  it('preloads the vendor modules an artifact imports, with their shared chunks', () => {
    const deps = {
      react: ['chunk-A.js'],
      recharts: ['chunk-A.js', 'chunk-R.js'],
      'lucide-react': ['chunk-A.js'],
    };
    const links = preloadLinks(VENDOR, "import { LineChart } from 'recharts';", deps);
    const hrefs = [...parse(links).querySelectorAll('link[rel="modulepreload"]')].map((l) =>
      l.getAttribute('href'),
    );
    expect(hrefs).toEqual(
      expect.arrayContaining([`${VENDOR}react.js`, `${VENDOR}recharts.js`, `${VENDOR}chunk-R.js`]),
    );
    expect(hrefs).not.toContain(`${VENDOR}lucide-react.js`);
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  it('a warm React frame loads the runtime, icons and components but no artifact', () => {
    const doc = parse(reactDocument(ORIGIN, VENDOR, null, null));
    const boot = [...doc.querySelectorAll('script[type="module"]')].map((s) => s.textContent ?? '');
    expect(boot.some((text) => text.includes('mount(null)'))).toBe(true);
    const hrefs = [...doc.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([`${VENDOR}mount.js`, `${VENDOR}lucide-react.js`, `${VENDOR}ui.js`]),
    );
    expect(hrefs).not.toContain(`${VENDOR}recharts.js`);
  });

  it('an error document shows the message as text', () => {
    const doc = parse(errorDocument(ORIGIN, '<img src=x onerror=alert(1)> at 1:2'));
    expect(doc.querySelector('img')).toBeNull();
    expect(doc.querySelector('[role="alert"]')?.textContent).toBe('<img src=x onerror=alert(1)> at 1:2');
  });
});

import { ARTIFACT_VENDOR_PREFIX, artifactFrameCsp } from '@parley/schema';

/**
 * The documents written into the artifact preview frame (issue 17 point 5): pure string builders,
 * so tests can check the CSP, the import map and the escaping without a browser.
 */

/** Module names LibreChat's artifact prompt teaches; every one resolves to the vendor `ui.js`. */
export const UI_MODULE_NAMES = [
  'accordion',
  'alert',
  'alert-dialog',
  'avatar',
  'badge',
  'button',
  'card',
  'checkbox',
  'dialog',
  'input',
  'label',
  'popover',
  'progress',
  'radio-group',
  'select',
  'separator',
  'skeleton',
  'slider',
  'switch',
  'table',
  'tabs',
  'textarea',
  'toggle',
  'tooltip',
] as const;

/** This build's vendor folder (the build names it by a hash of its files: scripts/build-vendor.mjs). */
export function vendorPath(): string {
  return `${ARTIFACT_VENDOR_PREFIX}${import.meta.env.VITE_ARTIFACT_VENDOR ?? 'dev'}/`;
}

function vendorDeps(): Record<string, string[]> {
  try {
    return JSON.parse(import.meta.env.VITE_ARTIFACT_VENDOR_DEPS ?? '{}');
  } catch {
    return {};
  }
}

/**
 * Every vendor file the artifact will import, with their shared chunks, as modulepreload links:
 * fetched in parallel as soon as the document is written, instead of one import level at a time.
 */
export function preloadLinks(vendorUrl: string, compiled: string | null, deps = vendorDeps()): string {
  const entries = ['mount', 'react', 'react-jsx-runtime', 'react-dom-client'];
  // A warm frame (compiled null) has no artifact yet: it loads what most artifacts import (the
  // icons and the components; recharts is big and rarer, left to the artifact that needs it).
  const uses = (pattern: RegExp) => compiled === null || pattern.test(compiled);
  if (uses(/['"]lucide-react['"]/)) entries.push('lucide-react');
  if (compiled !== null && /['"]recharts['"]/.test(compiled)) entries.push('recharts');
  if (uses(/['"](?:\/|@\/)(?:components\/ui|lib\/utils)/)) entries.push('ui');
  const files = new Set<string>();
  for (const entry of entries) {
    files.add(`${entry}.js`);
    for (const chunk of deps[entry] ?? []) files.add(chunk);
  }
  return [...files].map((f) => `<link rel="modulepreload" href="${vendorUrl}${f}">`).join('');
}

/** Bare specifiers → absolute URLs of the vendor ES modules. */
export function importMap(vendorUrl: string): { imports: Record<string, string> } {
  const imports: Record<string, string> = {
    react: `${vendorUrl}react.js`,
    'react/jsx-runtime': `${vendorUrl}react-jsx-runtime.js`,
    'react/jsx-dev-runtime': `${vendorUrl}react-jsx-runtime.js`,
    'react-dom': `${vendorUrl}react-dom.js`,
    'react-dom/client': `${vendorUrl}react-dom-client.js`,
    'lucide-react': `${vendorUrl}lucide-react.js`,
    recharts: `${vendorUrl}recharts.js`,
  };
  for (const name of UI_MODULE_NAMES) {
    imports[`/components/ui/${name}`] = `${vendorUrl}ui.js`;
    imports[`@/components/ui/${name}`] = `${vendorUrl}ui.js`;
  }
  imports['@/lib/utils'] = `${vendorUrl}ui.js`;
  return { imports };
}

/** `</script` inside inline script text would end the element early: break it up. */
function scriptText(text: string): string {
  return text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function head(origin: string, extra = ''): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(artifactFrameCsp(origin))}">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">${extra}</head>`
  );
}

/** shadcn-style colour variables for Tailwind (bg-primary, text-muted-foreground, border…). */
const THEME_CSS = `@theme {
  --color-background: #ffffff; --color-foreground: #0a0a0a;
  --color-card: #ffffff; --color-card-foreground: #0a0a0a;
  --color-popover: #ffffff; --color-popover-foreground: #0a0a0a;
  --color-primary: #171717; --color-primary-foreground: #fafafa;
  --color-secondary: #f5f5f5; --color-secondary-foreground: #171717;
  --color-muted: #f5f5f5; --color-muted-foreground: #737373;
  --color-accent: #f5f5f5; --color-accent-foreground: #171717;
  --color-destructive: #dc2626; --color-border: #e5e5e5; --color-input: #e5e5e5; --color-ring: #a3a3a3;
}
@layer base { * { border-color: var(--color-border); } body { background: var(--color-background); color: var(--color-foreground); } }`;

/** Runtime errors of documents without React go to the host too (set up before author scripts). */
const ERROR_SCRIPT =
  "<script>addEventListener('error',function(e){parent.postMessage({source:'parley-artifact',kind:'error'," +
  "message:String(e.message)},'*')});</script>";

/** The first paint of a document without React, reported to the host. */
const PAINTED_SCRIPT =
  "<script>requestAnimationFrame(function(){parent.postMessage({source:'parley-artifact',kind:'rendered'},'*')});</script>";

/** A compiled artifact as a module URL the frame can import (no network: a data: URL). */
export function moduleUrl(compiled: string): string {
  return `data:text/javascript;charset=utf-8,${encodeURIComponent(compiled)}`;
}

/**
 * A React artifact, compiled to an ES module (transform.ts) and given as moduleUrl(), rendered by
 * the vendor `mount.js`, which also renders later versions posted to the frame. `module` null makes
 * a warm frame: the runtime loads while the artifact is still being written, and its first version
 * is posted to it like an edit.
 */
export function reactDocument(
  origin: string,
  vendorUrl: string,
  module: string | null,
  compiled: string | null = '',
): string {
  const map = JSON.stringify(importMap(vendorUrl));
  return (
    head(
      origin,
      `<script type="importmap">${scriptText(map)}</script>` +
        preloadLinks(vendorUrl, compiled) +
        `<script src="${vendorUrl}tailwind.js"></script>` +
        `<style type="text/tailwindcss">${THEME_CSS}</style>`,
    ) +
    `<body><div id="root"></div><script type="module">import { mount } from '${vendorUrl}mount.js'; ` +
    `mount(${scriptText(JSON.stringify(module))});</script></body></html>`
  );
}

/** An HTML artifact: the author's document after our CSP (a later policy can only narrow it). */
export function htmlDocument(origin: string, html: string): string {
  return `${head(origin, ERROR_SCRIPT)}${html}${PAINTED_SCRIPT}`;
}

/** Markup we made safe ourselves (SVG, Mermaid's SVG, rendered Markdown) in a plain page. */
export function bodyDocument(origin: string, body: string, css = ''): string {
  return `${head(
    origin,
    `${ERROR_SCRIPT}<style>body{margin:0;padding:16px;font:15px/1.6 system-ui,sans-serif}${css}</style>`,
  )}<body>${body}${PAINTED_SCRIPT}</body></html>`;
}

/** A transform failure, shown in the frame as text. */
export function errorDocument(origin: string, message: string): string {
  return (
    head(origin) +
    `<body><pre role="alert" style="margin:0;padding:12px;white-space:pre-wrap;font:13px/1.4 ui-monospace,monospace;color:#b91c1c">` +
    `${escapeHtml(message)}</pre></body></html>`
  );
}

import type { Mermaid } from 'mermaid';
import type { DocumentTheme as DiagramTheme } from './document-theme.ts';

/**
 * Mermaid, loaded on the first diagram only (it is several hundred kB and browser-only: it must
 * stay off the critical path of /chat/new). Renders run one at a time: mermaid keeps one global
 * config (the theme) and measures text in temporary nodes it adds to <body>.
 */

let loading: Promise<Mermaid> | null = null;
let initializedTheme: DiagramTheme | null = null;
let queue: Promise<unknown> = Promise.resolve();
let counter = 0;
/** Per page load, so ids from one render never collide with ids in user text or another tab's copy. */
const nonce = Math.random().toString(36).slice(2, 8);

function loadMermaid(): Promise<Mermaid> {
  if (!loading) {
    loading = import('mermaid').then((mod) => mod.default);
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/**
 * Initialized on first use, again only when the app theme changes. `strict` makes mermaid
 * sanitize labels and its whole SVG output and drop click handlers; it is a "secure" key, so a
 * `%%{init}%%` directive in the diagram cannot lower it. No error SVG is drawn into the page.
 */
function ensureInitialized(mermaid: Mermaid, theme: DiagramTheme): void {
  if (initializedTheme === theme) return;
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    suppressErrorRendering: true,
    theme: theme === 'dark' ? 'dark' : 'default',
  });
  initializedTheme = theme;
}

/**
 * A fresh element id for each render and each cached copy: mermaid removes any element that has
 * the id it renders under, and a diagram's styles and markers are scoped by it.
 */
function nextDiagramId(): string {
  counter += 1;
  return `parley-mermaid-${nonce}-${counter}`;
}

/** A user-timing mark per real mermaid render (cache hits excluded): e2e and benchmarks count them. */
export const RENDER_MARK = 'parley:mermaid-render';

/** Mermaid's temporary nodes for `id`, in case a failed render left them in <body>. */
function removeLeftovers(id: string): void {
  for (const leftover of [id, `d${id}`, `i${id}`]) document.getElementById(leftover)?.remove();
}

type Rendered = { id: string; svg: string };
/** Source + theme → its SVG, or null when the source is invalid. */
const cache = new Map<string, Rendered | null>();
const CACHE_MAX = 50;

function remember(key: string, value: Rendered | null): void {
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
}

/** Copy a rendered SVG under a new id (the nonce-bearing id appears nowhere else by chance). */
function withId(rendered: Rendered, id: string): string {
  return rendered.svg.split(rendered.id).join(id);
}

export class DiagramError extends Error {}

/** Renders in progress, so a block remounted mid-render (or a twin block) waits for the same one. */
const inFlight = new Map<string, Promise<Rendered>>();

function draw(key: string, code: string, theme: DiagramTheme): Promise<Rendered> {
  const run = async (): Promise<Rendered> => {
    const mermaid = await loadMermaid();
    ensureInitialized(mermaid, theme);
    const id = nextDiagramId();
    performance.mark(RENDER_MARK);
    try {
      // Parse first: invalid source fails fast, before anything is drawn.
      await mermaid.parse(code);
      const { svg } = await mermaid.render(id, code);
      remember(key, { id, svg });
      return { id, svg };
    } catch (error) {
      remember(key, null);
      throw new DiagramError(error instanceof Error ? error.message : String(error));
    } finally {
      removeLeftovers(id);
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  inFlight.set(key, result);
  const settled = () => inFlight.delete(key);
  result.then(settled, settled);
  return result;
}

/**
 * Render `code` to an SVG string under an id of its own; rejects with a DiagramError on invalid
 * source. Results are cached by source and theme so a remounted diagram (virtualized list, a new
 * chat moving to its own URL, theme toggled back) shows at once.
 */
export function renderDiagram(code: string, theme: DiagramTheme): Promise<string> {
  const key = `${theme}\u0000${code}`;
  const hit = cache.get(key);
  if (hit === null) return Promise.reject(new DiagramError('invalid diagram'));
  const rendered = hit ? Promise.resolve(hit) : (inFlight.get(key) ?? draw(key, code, theme));
  return rendered.then((r) => withId(r, nextDiagramId()));
}

export type DiagramResult = { svg: string } | { error: true };

/**
 * What the cache knows, synchronously, so a remount neither flashes the source nor waits: the
 * SVG (under a fresh id), an error, or null when this source has not been rendered yet.
 */
export function peekDiagram(code: string, theme: DiagramTheme): DiagramResult | null {
  const hit = cache.get(`${theme}\u0000${code}`);
  if (hit === undefined) return null;
  return hit === null ? { error: true } : { svg: withId(hit, nextDiagramId()) };
}

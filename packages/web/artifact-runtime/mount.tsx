/**
 * Runs inside the preview frame: imports the compiled artifact module and renders its default
 * export, reporting "rendered" (after the first paint) or the error to the parent window.
 */
import { Component, type ComponentType, type ReactNode, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';

type Report =
  | { source: 'parley-artifact'; kind: 'rendered' | 'idle' }
  | { source: 'parley-artifact'; kind: 'error'; message: string };

function report(message: Report): void {
  window.parent.postMessage(message, '*');
}

/** Shown in the frame itself too, so an error is visible even without the parent's overlay. */
export function showError(message: string): void {
  let box = document.getElementById('parley-artifact-error');
  if (!box) {
    box = document.createElement('pre');
    box.id = 'parley-artifact-error';
    box.setAttribute('role', 'alert');
    box.style.cssText =
      'margin:0;padding:12px;white-space:pre-wrap;font:13px/1.4 ui-monospace,monospace;color:#b91c1c;background:#fef2f2;border-bottom:1px solid #fecaca';
    document.body.prepend(box);
  }
  box.textContent = message;
  report({ source: 'parley-artifact', kind: 'error', message });
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error) {
    showError(String(error?.stack ?? error));
  }
  render() {
    return this.state.error ? null : this.props.children;
  }
}

function Painted({ children }: { children: ReactNode }) {
  useEffect(() => {
    requestAnimationFrame(() => report({ source: 'parley-artifact', kind: 'rendered' }));
  }, []);
  return children;
}

export function listenForErrors(): void {
  window.addEventListener('error', (e) => showError(String(e.error?.stack ?? e.message)));
  window.addEventListener('unhandledrejection', (e) => showError(`Unhandled rejection: ${String(e.reason)}`));
}

let root: Root | null = null;
let renders = 0;

/** Import one compiled artifact module and render its default export (replacing the previous one). */
async function show(moduleUrl: string): Promise<void> {
  let App: ComponentType;
  try {
    const mod = (await import(/* @vite-ignore */ moduleUrl)) as { default?: ComponentType };
    if (typeof mod.default !== 'function') throw new Error('The artifact has no default export component.');
    App = mod.default;
  } catch (error) {
    showError(String(error instanceof Error ? error.message : error));
    return;
  }
  document.getElementById('parley-artifact-error')?.remove();
  if (!root) {
    const el = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
    root = createRoot(el);
  }
  renders += 1;
  // New keys: a changed artifact starts with fresh state and reports its own paint.
  root.render(
    <Boundary key={renders}>
      <Painted>
        <App />
      </Painted>
    </Boundary>,
  );
}

/**
 * The frame's React entry: render the first module, then every later version the host posts
 * (an edit re-renders in the same frame, with React and the libraries already loaded). Without a
 * module (a warm frame) it only says it is listening.
 */
export function mount(moduleUrl: string | null): Promise<void> {
  listenForErrors();
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window.parent) return;
    const data = event.data as { source?: string; module?: unknown } | null;
    if (data?.source === 'parley-artifact-host' && typeof data.module === 'string') void show(data.module);
  });
  if (moduleUrl === null) {
    report({ source: 'parley-artifact', kind: 'idle' });
    return Promise.resolve();
  }
  return show(moduleUrl);
}

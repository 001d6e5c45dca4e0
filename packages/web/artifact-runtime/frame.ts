/**
 * The preview frame's only own script (a classic script, served from /vendor with the frame
 * document). The frame is sandboxed without same-origin, so it cannot reach the app; it takes one
 * document from its parent window and writes it over itself. The document keeps the frame's CSP.
 */
(() => {
  let written = false;
  window.addEventListener('message', (event: MessageEvent) => {
    if (written || event.source !== window.parent) return;
    const data = event.data as { source?: string; html?: unknown } | null;
    if (data?.source !== 'parley-artifact-host' || typeof data.html !== 'string') return;
    written = true;
    document.open();
    document.write(data.html);
    document.close();
  });
  window.parent.postMessage({ source: 'parley-artifact', kind: 'ready' }, '*');
})();

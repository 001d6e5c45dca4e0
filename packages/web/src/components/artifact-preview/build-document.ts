import {
  bodyDocument,
  errorDocument,
  escapeHtml,
  htmlDocument,
  moduleUrl,
  reactDocument,
} from './frame-doc.ts';

/** `module` is set for React artifacts: a later version can be sent to a frame already showing one. */
export type BuiltDocument = { html: string; error: string | null; module?: string };

const REACT_TYPES = new Set(['application/vnd.react', 'application/vnd.ant.react']);

export const isReactType = (type: string): boolean => REACT_TYPES.has(type);

/** A React frame with its runtime loading and nothing rendered yet (see reactDocument). */
export const warmReactDocument = (origin: string, vendorUrl: string): string =>
  reactDocument(origin, vendorUrl, null, null);
const HTML_TYPES = new Set(['text/html', 'application/vnd.code-html']);
const MARKDOWN_TYPES = new Set(['text/markdown', 'text/md', 'text/plain']);

/**
 * The document for one artifact. The heavy parts (sucrase, mermaid, the markdown pipeline) are
 * dynamic imports, loaded on the first artifact of their kind. A transform error becomes an error
 * document plus the message, for the component to show.
 */
export async function buildDocument(
  type: string,
  content: string,
  origin: string,
  vendorUrl: string,
): Promise<BuiltDocument> {
  try {
    if (REACT_TYPES.has(type)) {
      const { compileReact } = await import('./transform.ts');
      const compiled = compileReact(content);
      const module = moduleUrl(compiled);
      return { html: reactDocument(origin, vendorUrl, module, compiled), error: null, module };
    }
    if (HTML_TYPES.has(type)) return { html: htmlDocument(origin, content), error: null };
    if (type === 'image/svg+xml') {
      // The SVG is the author's: its scripts run sandboxed, without network, like an HTML artifact's.
      return { html: bodyDocument(origin, content, 'svg{max-width:100%;height:auto}'), error: null };
    }
    if (type === 'application/vnd.mermaid') {
      const { renderDiagram } = await import('../markdown/mermaid-render.ts');
      const svg = await renderDiagram(content, 'light');
      return { html: bodyDocument(origin, svg, 'svg{max-width:100%;height:auto}'), error: null };
    }
    if (MARKDOWN_TYPES.has(type)) {
      const { markdownToHtml } = await import('./markdown-html.ts');
      return { html: bodyDocument(origin, markdownToHtml(content), MARKDOWN_CSS), error: null };
    }
    return { html: bodyDocument(origin, `<pre>${escapeHtml(content)}</pre>`), error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { html: errorDocument(origin, message), error: message };
  }
}

const MARKDOWN_CSS =
  'pre{background:#f5f5f5;padding:12px;border-radius:8px;overflow:auto}code{font-family:ui-monospace,monospace}' +
  'table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:4px 8px}img{max-width:100%}';

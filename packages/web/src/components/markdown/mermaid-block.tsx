import { Check, Code, Copy, RotateCcw, ZoomIn, ZoomOut } from 'lucide-react';
import { memo, type PointerEvent, type ReactNode, useEffect, useReducer, useRef, useState } from 'react';
import { t } from '../../i18n/t.ts';
import { useCopy } from '../../lib/use-copy.ts';
import { CodeBlock } from './code-block.tsx';
import {
  canZoomIn,
  canZoomOut,
  diagramViewReducer,
  INITIAL_VIEW,
  isInitialView,
  zoomPercent,
} from './diagram-view.ts';
import { type DocumentTheme, useDocumentTheme } from './document-theme.ts';
import { type DiagramResult, peekDiagram, renderDiagram } from './mermaid-render.ts';

/**
 * The diagram for `code`: null until the first render finishes. While a new theme renders, the
 * previous SVG stays, so a theme switch does not flash the source.
 */
function useDiagram(code: string, theme: DocumentTheme): DiagramResult | null {
  const key = `${theme}\u0000${code}`;
  const [state, setState] = useState<{ key: string; result: DiagramResult | null }>(() => ({
    key,
    result: peekDiagram(code, theme),
  }));
  const done = state.key === key && state.result !== null;
  useEffect(() => {
    if (done) return;
    // Unmounted (or the source/theme changed) mid-render: the result is dropped, not applied.
    let cancelled = false;
    renderDiagram(code, theme).then(
      (svg) => {
        if (!cancelled) setState({ key, result: { svg } });
      },
      () => {
        if (!cancelled) setState({ key, result: { error: true } });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [code, theme, key, done]);
  return state.result;
}

function ToolbarButton({
  label,
  onClick,
  disabled,
  pressed,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      className="inline-flex size-7 items-center justify-center rounded-md transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-40 aria-pressed:bg-accent aria-pressed:text-foreground"
    >
      {children}
    </button>
  );
}

/** The rendered SVG with zoom (buttons, Ctrl/Cmd+wheel) and drag to pan. */
function DiagramView({ code, svg }: { code: string; svg: string }) {
  const [view, dispatch] = useReducer(diagramViewReducer, INITIAL_VIEW);
  const [showSource, setShowSource] = useState(false);
  const { copied, copy } = useCopy();
  const viewport = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  // React's wheel listener is passive; Ctrl/Cmd+wheel must preventDefault to stop page zoom.
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      dispatch({ type: 'wheel', deltaY: event.deltaY });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Touch keeps scrolling the page; mouse and pen drag the diagram.
    if (event.pointerType === 'touch' || event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    drag.current = { x: event.clientX, y: event.clientY };
    dispatch({ type: 'pan', dx: event.clientX - start.x, dy: event.clientY - start.y });
  };
  const endDrag = () => {
    drag.current = null;
  };

  return (
    <div className="not-prose my-1" data-testid="mermaid-block">
      <div className="overflow-hidden rounded-xl border border-border bg-code">
        <div className="flex h-9 items-center justify-between gap-2 bg-code-header pr-2 pl-4 text-xs text-muted-foreground">
          <span className="font-mono lowercase">mermaid</span>
          <div className="flex items-center gap-0.5">
            <ToolbarButton
              label={t('com_ui_zoom_out')}
              onClick={() => dispatch({ type: 'zoomOut' })}
              disabled={!canZoomOut(view)}
            >
              <ZoomOut className="size-3.5" />
            </ToolbarButton>
            <output
              className="min-w-11 text-center tabular-nums"
              aria-label={t('com_ui_zoom_level')}
              data-testid="mermaid-zoom"
            >
              {zoomPercent(view.zoom)}
            </output>
            <ToolbarButton
              label={t('com_ui_zoom_in')}
              onClick={() => dispatch({ type: 'zoomIn' })}
              disabled={!canZoomIn(view)}
            >
              <ZoomIn className="size-3.5" />
            </ToolbarButton>
            <ToolbarButton
              label={t('com_ui_zoom_reset')}
              onClick={() => dispatch({ type: 'reset' })}
              disabled={isInitialView(view)}
            >
              <RotateCcw className="size-3.5" />
            </ToolbarButton>
            <span className="mx-1 h-4 w-px bg-border" aria-hidden="true" />
            <ToolbarButton
              label={showSource ? t('com_ui_show_diagram') : t('com_ui_show_source')}
              onClick={() => setShowSource((shown) => !shown)}
              pressed={showSource}
            >
              <Code className="size-3.5" />
            </ToolbarButton>
            <ToolbarButton
              label={copied ? t('com_ui_copied') : t('com_ui_copy_code')}
              onClick={() => copy(code)}
            >
              {copied ? <Check className="size-3.5" /> : <Copy className="size-3.5" />}
            </ToolbarButton>
          </div>
        </div>
        <div
          ref={viewport}
          className="cursor-grab overflow-hidden px-4 py-3.5 select-none active:cursor-grabbing"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          data-testid="mermaid-viewport"
        >
          <div
            role="img"
            aria-label={t('com_ui_mermaid_diagram')}
            className="origin-top [&>svg]:mx-auto [&>svg]:h-auto"
            style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` }}
            // Mermaid's output under securityLevel 'strict' (DOMPurify-sanitized, no user HTML):
            // see docs/decisions.md, "Mermaid SVG".
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized mermaid SVG, see above
            dangerouslySetInnerHTML={{ __html: svg }}
          />
        </div>
      </div>
      {showSource ? <CodeBlock code={code} lang="mermaid" complete /> : null}
    </div>
  );
}

function DiagramError({ code }: { code: string }) {
  return (
    <div className="not-prose my-1" data-testid="mermaid-error">
      <p className="mb-1.5 text-sm text-destructive" role="alert">
        {t('com_ui_mermaid_error')}
      </p>
      <CodeBlock code={code} lang="mermaid" complete />
    </div>
  );
}

function MermaidDiagram({ code }: { code: string }) {
  const theme = useDocumentTheme();
  const result = useDiagram(code, theme);
  // Until mermaid has loaded and drawn, the source stays as it was while streaming.
  if (!result) return <CodeBlock code={code} lang="mermaid" complete />;
  if ('error' in result) return <DiagramError code={code} />;
  return <DiagramView code={code} svg={result.svg} />;
}

export function isMermaid(lang: string): boolean {
  return lang.toLowerCase() === 'mermaid';
}

/**
 * A ```mermaid block: the source while it streams (drawing per token would be wasted work on
 * half-written diagrams), the diagram once the block is complete.
 */
export const MermaidBlock = memo(function MermaidBlock({
  code,
  complete,
}: {
  code: string;
  complete: boolean;
}) {
  if (!complete) return <CodeBlock code={code} lang="mermaid" complete={false} />;
  return <MermaidDiagram code={code} />;
});

import { X } from 'lucide-react';
import { type PointerEvent, type ReactNode, useRef } from 'react';
import { t } from '../i18n/t.ts';
import { useIsSmallScreen } from '../lib/use-media-query.ts';
import { SIDE_PANEL_MAX, SIDE_PANEL_MIN, useSidePanel } from '../store/side-panel.ts';

/**
 * The right-hand side panel (doc 3 §2): resizable between 20 and 40 percent of the window on
 * wide screens, a full-height overlay on small ones.
 */
export function SidePanel({ title, children }: { title: string; children: ReactNode }) {
  const small = useIsSmallScreen();
  const width = useSidePanel((s) => s.width);
  const setWidth = useSidePanel((s) => s.setWidth);
  const close = useSidePanel((s) => s.close);
  const dragging = useRef(false);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) setWidth((window.innerWidth - event.clientX) / window.innerWidth);
  };
  const onPointerUp = () => {
    dragging.current = false;
  };

  const body = (
    <aside
      data-testid="side-panel"
      aria-label={title}
      className="flex h-full min-h-0 w-full flex-col bg-background"
    >
      <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-border/70 px-4">
        <h2 className="text-sm font-semibold">{title}</h2>
        <button
          type="button"
          onClick={close}
          aria-label={t('com_ui_close_panel')}
          data-testid="side-panel-close"
          className="inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-4" />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">{children}</div>
    </aside>
  );

  if (small) {
    return (
      <>
        <div className="fixed inset-0 z-40 bg-black/50 animate-in-fade" onClick={close} aria-hidden />
        <div className="fixed inset-y-0 right-0 z-50 w-[min(22rem,92vw)] shadow-2xl">{body}</div>
      </>
    );
  }
  return (
    <div className="relative h-full shrink-0 border-l border-border/60" style={{ width: `${width * 100}%` }}>
      <hr
        aria-orientation="vertical"
        aria-label={t('com_ui_resize_panel')}
        aria-valuenow={Math.round(width * 100)}
        aria-valuemin={SIDE_PANEL_MIN * 100}
        aria-valuemax={SIDE_PANEL_MAX * 100}
        tabIndex={0}
        onKeyDown={(e) => {
          if (e.key === 'ArrowLeft') setWidth(width + 0.02);
          else if (e.key === 'ArrowRight') setWidth(width - 0.02);
        }}
        className="absolute inset-y-0 -left-1 z-10 m-0 h-full w-2 cursor-col-resize border-0 hover:bg-ring/30 focus-visible:bg-ring/40 focus-visible:outline-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
      />
      {body}
    </div>
  );
}

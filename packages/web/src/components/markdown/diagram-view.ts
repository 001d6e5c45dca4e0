import { MERMAID_MAX_ZOOM, MERMAID_MIN_ZOOM } from '@parley/schema';

/** Zoom and pan of a diagram: pure state so the clamping and stepping are testable alone. */
export type DiagramView = { zoom: number; x: number; y: number };

export const INITIAL_VIEW: DiagramView = { zoom: 1, x: 0, y: 0 };

/** One button press multiplies or divides the zoom by this factor. */
export const ZOOM_STEP = 1.25;
/** Ctrl/Cmd+wheel: zoom factor per wheel pixel (exponential, so in and out are symmetric). */
const WHEEL_SENSITIVITY = 0.002;

export function clampZoom(zoom: number): number {
  if (Number.isNaN(zoom)) return INITIAL_VIEW.zoom;
  // Rounded so repeated steps land back on whole percentages (1.25 × 0.8 = 1, not 0.99999…).
  const rounded = Math.round(zoom * 10_000) / 10_000;
  return Math.min(MERMAID_MAX_ZOOM, Math.max(MERMAID_MIN_ZOOM, rounded));
}

export type DiagramViewAction =
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'reset' }
  | { type: 'wheel'; deltaY: number }
  | { type: 'pan'; dx: number; dy: number };

export function diagramViewReducer(view: DiagramView, action: DiagramViewAction): DiagramView {
  switch (action.type) {
    case 'zoomIn':
      return { ...view, zoom: clampZoom(view.zoom * ZOOM_STEP) };
    case 'zoomOut':
      return { ...view, zoom: clampZoom(view.zoom / ZOOM_STEP) };
    case 'reset':
      return INITIAL_VIEW;
    case 'wheel':
      return { ...view, zoom: clampZoom(view.zoom * Math.exp(-action.deltaY * WHEEL_SENSITIVITY)) };
    case 'pan':
      return { ...view, x: view.x + action.dx, y: view.y + action.dy };
  }
}

export const canZoomIn = (view: DiagramView): boolean => view.zoom < MERMAID_MAX_ZOOM;
export const canZoomOut = (view: DiagramView): boolean => view.zoom > MERMAID_MIN_ZOOM;
export const isInitialView = (view: DiagramView): boolean =>
  view.zoom === INITIAL_VIEW.zoom && view.x === INITIAL_VIEW.x && view.y === INITIAL_VIEW.y;

/** The toolbar's percentage, e.g. "125%". */
export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}

import { MERMAID_MAX_ZOOM, MERMAID_MIN_ZOOM } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import {
  canZoomIn,
  canZoomOut,
  clampZoom,
  type DiagramView,
  type DiagramViewAction,
  diagramViewReducer,
  INITIAL_VIEW,
  isInitialView,
  zoomPercent,
} from './diagram-view.ts';

function apply(view: DiagramView, action: DiagramViewAction, times = 1): DiagramView {
  let next = view;
  for (let i = 0; i < times; i++) next = diagramViewReducer(next, action);
  return next;
}

describe('clampZoom', () => {
  it('keeps the zoom within the spec range 0.1–10', () => {
    expect(MERMAID_MIN_ZOOM).toBe(0.1);
    expect(MERMAID_MAX_ZOOM).toBe(10);
    expect(clampZoom(0.01)).toBe(0.1);
    expect(clampZoom(-3)).toBe(0.1);
    expect(clampZoom(42)).toBe(10);
    expect(clampZoom(Number.POSITIVE_INFINITY)).toBe(10);
    expect(clampZoom(2.5)).toBe(2.5);
  });

  it('falls back to 100% for NaN', () => {
    expect(clampZoom(Number.NaN)).toBe(1);
  });
});

describe('diagramViewReducer', () => {
  it('steps in and back out to exactly 100%', () => {
    const zoomed = apply(INITIAL_VIEW, { type: 'zoomIn' }, 3);
    expect(zoomPercent(zoomed.zoom)).toBe('195%');
    const back = apply(zoomed, { type: 'zoomOut' }, 3);
    expect(back.zoom).toBe(1);
    expect(zoomPercent(back.zoom)).toBe('100%');
  });

  it('stops at the limits, however often the buttons are pressed', () => {
    const max = apply(INITIAL_VIEW, { type: 'zoomIn' }, 40);
    expect(max.zoom).toBe(10);
    expect(zoomPercent(max.zoom)).toBe('1000%');
    expect(canZoomIn(max)).toBe(false);
    expect(canZoomOut(max)).toBe(true);

    const min = apply(INITIAL_VIEW, { type: 'zoomOut' }, 40);
    expect(min.zoom).toBe(0.1);
    expect(zoomPercent(min.zoom)).toBe('10%');
    expect(canZoomOut(min)).toBe(false);
    expect(canZoomIn(min)).toBe(true);
  });

  it('wheel zooms in on scroll up, out on scroll down, and clamps', () => {
    const inward = diagramViewReducer(INITIAL_VIEW, { type: 'wheel', deltaY: -100 });
    expect(inward.zoom).toBeGreaterThan(1);
    const outward = diagramViewReducer(INITIAL_VIEW, { type: 'wheel', deltaY: 100 });
    expect(outward.zoom).toBeLessThan(1);
    // Symmetric: one notch up then one down returns to where it was.
    expect(diagramViewReducer(inward, { type: 'wheel', deltaY: 100 }).zoom).toBeCloseTo(1, 3);
    expect(diagramViewReducer(INITIAL_VIEW, { type: 'wheel', deltaY: -1e6 }).zoom).toBe(10);
    expect(diagramViewReducer(INITIAL_VIEW, { type: 'wheel', deltaY: 1e6 }).zoom).toBe(0.1);
  });

  it('pans by the drag distance and reset restores zoom and position', () => {
    const moved = apply(apply(INITIAL_VIEW, { type: 'zoomIn' }), { type: 'pan', dx: 12, dy: -5 }, 2);
    expect(moved).toMatchObject({ x: 24, y: -10, zoom: 1.25 });
    expect(isInitialView(moved)).toBe(false);
    const reset = diagramViewReducer(moved, { type: 'reset' });
    expect(reset).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(isInitialView(reset)).toBe(true);
  });
});

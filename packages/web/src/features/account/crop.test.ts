import { describe, expect, it } from 'vitest';
import {
  clampCrop,
  clampZoom,
  type DrawTarget,
  drawCrop,
  isAcceptedAvatar,
  rotate,
  scaleFor,
} from './crop.ts';

/** Records the transforms and maps the drawn image's corners to canvas px. */
function recorder() {
  const ops: string[] = [];
  let m = [1, 0, 0, 1, 0, 0]; // a b c d e f
  const apply = (n: number[]) => {
    const [a, b, c, d, e, f] = m;
    m = [
      a * n[0] + c * n[1],
      b * n[0] + d * n[1],
      a * n[2] + c * n[3],
      b * n[2] + d * n[3],
      a * n[4] + c * n[5] + e,
      b * n[4] + d * n[5] + f,
    ];
  };
  let corners: [number, number][] = [];
  const target: DrawTarget = {
    save: () => ops.push('save'),
    restore: () => ops.push('restore'),
    clearRect: () => ops.push('clear'),
    translate: (x: number, y: number) => apply([1, 0, 0, 1, x, y]),
    rotate: (r: number) => apply([Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0]),
    scale: (x: number, y: number) => apply([x, 0, 0, y, 0, 0]),
    drawImage: ((_img: unknown, x: number, y: number, w: number, h: number) => {
      const pt = (px: number, py: number): [number, number] => [
        Math.round(m[0] * px + m[2] * py + m[4]) + 0,
        Math.round(m[1] * px + m[3] * py + m[5]) + 0,
      ];
      corners = [pt(x, y), pt(x + w, y + h)];
    }) as DrawTarget['drawImage'],
  };
  const box = () => {
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
  };
  return { target, ops, box };
}

const img = {} as CanvasImageSource;

describe('avatar crop', () => {
  it('keeps zoom between 1 and 5', () => {
    expect(clampZoom(0.2)).toBe(1);
    expect(clampZoom(9)).toBe(5);
    expect(clampZoom(2.5)).toBe(2.5);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('rotates in 90° steps both ways and wraps', () => {
    expect(rotate(0, 1)).toBe(90);
    expect(rotate(270, 1)).toBe(0);
    expect(rotate(0, -1)).toBe(270);
    expect(rotate(180, -1)).toBe(90);
  });

  it('fills the 250 px canvas with the shorter side at zoom 1', () => {
    expect(scaleFor(500, 1000, 1)).toBe(0.5);
    expect(scaleFor(500, 1000, 2)).toBe(1);
    const r = recorder();
    drawCrop(r.target, img, 500, 1000, { zoom: 1, rotation: 0, x: 0, y: 0 });
    expect(r.box()).toEqual({ left: 0, right: 250, top: -125, bottom: 375 });
    expect(r.ops).toEqual(['clear', 'save', 'restore']);
  });

  it('clamps the offset so the image always covers the canvas', () => {
    // 500×1000 at zoom 1 is 250×500 on the canvas: no room sideways, 125 px up or down.
    expect(clampCrop({ zoom: 1, rotation: 0, x: 80, y: 400 }, 500, 1000)).toEqual({
      zoom: 1,
      rotation: 0,
      x: 0,
      y: 125,
    });
    // Rotated by 90° the long side is horizontal.
    expect(clampCrop({ zoom: 1, rotation: 90, x: -400, y: 30 }, 500, 1000)).toEqual({
      zoom: 1,
      rotation: 90,
      x: -125,
      y: 0,
    });
    // Zoom 2 on a square: 500 px on a 250 px canvas, 125 px each way.
    expect(clampCrop({ zoom: 2, rotation: 0, x: 200, y: -200 }, 100, 100)).toMatchObject({ x: 125, y: -125 });
  });

  it('draws the rotated, zoomed, moved image and scales it to the output size', () => {
    const r = recorder();
    drawCrop(r.target, img, 500, 1000, { zoom: 1, rotation: 90, x: -125, y: 0 });
    // Rotated: 500 wide, 250 high; moved left by 125 → spans -250…250.
    expect(r.box()).toEqual({ left: -250, right: 250, top: 0, bottom: 250 });
    const big = recorder();
    drawCrop(big.target, img, 500, 1000, { zoom: 1, rotation: 90, x: -125, y: 0 }, 500);
    expect(big.box()).toEqual({ left: -500, right: 500, top: 0, bottom: 500 });
  });

  it('accepts png, jpg and jpeg only', () => {
    expect(isAcceptedAvatar({ name: 'me.PNG', type: 'image/png' })).toBe(true);
    expect(isAcceptedAvatar({ name: 'me.jpeg', type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedAvatar({ name: 'me.jpg', type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedAvatar({ name: 'me.gif', type: 'image/gif' })).toBe(false);
    expect(isAcceptedAvatar({ name: 'me.webp', type: 'image/webp' })).toBe(false);
    expect(isAcceptedAvatar({ name: 'me.png', type: 'image/svg+xml' })).toBe(false);
  });
});

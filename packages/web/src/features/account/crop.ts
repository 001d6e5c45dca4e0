import { AVATAR_CANVAS_SIZE, AVATAR_ROTATE_STEP, AVATAR_ZOOM_MAX, AVATAR_ZOOM_MIN } from '@parley/schema';

/**
 * The profile-picture crop (doc 3 §5 Avatars): the image covers a square canvas of
 * AVATAR_CANVAS_SIZE px at zoom 1, can be zoomed to 5× and rotated in 90° steps, and is dragged by
 * an offset of its centre from the canvas centre (canvas px). Offsets are clamped so the image
 * always covers the whole canvas: no empty corners in the saved picture.
 */
export type CropState = { zoom: number; rotation: number; x: number; y: number };

export const INITIAL_CROP: CropState = { zoom: AVATAR_ZOOM_MIN, rotation: 0, x: 0, y: 0 };

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return AVATAR_ZOOM_MIN;
  return Math.min(AVATAR_ZOOM_MAX, Math.max(AVATAR_ZOOM_MIN, zoom));
}

/** Rotation after one step left (-1) or right (+1), kept in 0, 90, 180, 270. */
export function rotate(rotation: number, direction: 1 | -1): number {
  return (((rotation + direction * AVATAR_ROTATE_STEP) % 360) + 360) % 360;
}

/** The image's width and height as seen on the canvas once rotated. */
function rotatedSize(width: number, height: number, rotation: number): [number, number] {
  return rotation % 180 === 0 ? [width, height] : [height, width];
}

/** Scale from image px to canvas px: the shorter side fills the canvas at zoom 1. */
export function scaleFor(width: number, height: number, zoom: number, size = AVATAR_CANVAS_SIZE): number {
  return (size / Math.min(width, height)) * clampZoom(zoom);
}

/** The state with zoom in range and the offset pulled back so the image still covers the canvas. */
export function clampCrop(
  state: CropState,
  width: number,
  height: number,
  size = AVATAR_CANVAS_SIZE,
): CropState {
  const zoom = clampZoom(state.zoom);
  const scale = scaleFor(width, height, zoom, size);
  const [w, h] = rotatedSize(width, height, state.rotation);
  const maxX = Math.max(0, (w * scale - size) / 2);
  const maxY = Math.max(0, (h * scale - size) / 2);
  const clamp = (v: number, max: number) => Math.min(max, Math.max(-max, v)) || 0;
  return { zoom, rotation: state.rotation, x: clamp(state.x, maxX), y: clamp(state.y, maxY) };
}

/** Minimal 2D context surface used for drawing (a real CanvasRenderingContext2D in the browser). */
export type DrawTarget = Pick<
  CanvasRenderingContext2D,
  'save' | 'restore' | 'translate' | 'rotate' | 'scale' | 'drawImage' | 'clearRect'
>;

/**
 * Draw the cropped image onto a square target of `out` px. The same function renders the preview
 * (out = canvas size) and the saved picture, so what is seen is what is uploaded.
 */
export function drawCrop(
  target: DrawTarget,
  image: CanvasImageSource,
  width: number,
  height: number,
  state: CropState,
  out = AVATAR_CANVAS_SIZE,
  size = AVATAR_CANVAS_SIZE,
): void {
  const s = clampCrop(state, width, height, size);
  const ratio = out / size;
  const scale = scaleFor(width, height, s.zoom, size) * ratio;
  target.clearRect(0, 0, out, out);
  target.save();
  target.translate(out / 2 + s.x * ratio, out / 2 + s.y * ratio);
  target.rotate((s.rotation * Math.PI) / 180);
  target.scale(scale, scale);
  target.drawImage(image, -width / 2, -height / 2, width, height);
  target.restore();
}

/** Accepted by type and by extension (doc 3 §5: png, jpg, jpeg). */
export function isAcceptedAvatar(file: { name: string; type: string }): boolean {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return ['image/png', 'image/jpeg'].includes(file.type) && ['png', 'jpg', 'jpeg'].includes(ext);
}

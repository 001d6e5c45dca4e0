import { AVATAR_CANVAS_SIZE, AVATAR_ZOOM_MAX, AVATAR_ZOOM_MIN } from '@parley/schema';
import { RotateCcw, RotateCw } from 'lucide-react';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';
import { type CropState, clampCrop, drawCrop, INITIAL_CROP, rotate } from './crop.ts';

function useImage(file: File | null): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    setImage(null);
    if (!file) return;
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => setImage(img);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return image;
}

/** The cropped picture as a blob of the same kind as the chosen file (PNG or JPEG). */
function exportCrop(image: HTMLImageElement, crop: CropState, type: string): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_CANVAS_SIZE;
  canvas.height = AVATAR_CANVAS_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  drawCrop(ctx, image, image.naturalWidth, image.naturalHeight, crop);
  const mime = type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  return new Promise((resolve) => canvas.toBlob(resolve, mime, 0.92));
}

/**
 * Profile picture crop (doc 3 §2 Dialogs, §5 Avatars): drag to move, zoom 1–5, rotate by 90°.
 * The 250 px canvas previews exactly what is saved.
 */
export function AvatarCropDialog({
  file,
  onClose,
  onSave,
  saving,
}: {
  file: File | null;
  onClose: () => void;
  onSave: (image: Blob, filename: string) => void;
  saving: boolean;
}) {
  const image = useImage(file);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [crop, setCrop] = useState<CropState>(INITIAL_CROP);
  const drag = useRef<{ x: number; y: number; start: CropState } | null>(null);

  useEffect(() => {
    if (file) setCrop(INITIAL_CROP);
  }, [file]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !image) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = AVATAR_CANVAS_SIZE * ratio;
    canvas.height = AVATAR_CANVAS_SIZE * ratio;
    const ctx = canvas.getContext('2d');
    if (ctx) drawCrop(ctx, image, image.naturalWidth, image.naturalHeight, crop, canvas.width);
  }, [image, crop]);

  const update = (next: CropState) =>
    setCrop(image ? clampCrop(next, image.naturalWidth, image.naturalHeight) : next);

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, start: crop };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d) return;
    update({ ...d.start, x: d.start.x + e.clientX - d.x, y: d.start.y + e.clientY - d.y });
  };
  const endDrag = () => {
    drag.current = null;
  };

  const save = async () => {
    if (!image || !file) return;
    const blob = await exportCrop(image, crop, file.type);
    if (!blob) return;
    const ext = blob.type === 'image/jpeg' ? 'jpg' : 'png';
    onSave(blob, `avatar.${ext}`);
  };

  return (
    <Dialog open={file !== null} onOpenChange={(open) => (!open && !saving ? onClose() : undefined)}>
      <DialogContent
        title={t('com_ui_avatar_crop_title')}
        closeLabel={t('com_settings_close')}
        className="max-w-sm"
      >
        <div className="flex flex-col items-center gap-4" data-testid="avatar-crop-dialog">
          <div
            className="relative overflow-hidden rounded-full bg-muted"
            style={{ width: AVATAR_CANVAS_SIZE, height: AVATAR_CANVAS_SIZE }}
          >
            {image ? null : (
              <div className="absolute inset-0 flex items-center justify-center">
                <Spinner />
              </div>
            )}
            <canvas
              ref={canvasRef}
              data-testid="avatar-crop-canvas"
              aria-label={t('com_ui_avatar_crop_canvas')}
              className="size-full cursor-move touch-none"
              style={{ width: AVATAR_CANVAS_SIZE, height: AVATAR_CANVAS_SIZE }}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
            />
          </div>
          <label className="flex w-full items-center gap-3 text-sm">
            <span className="shrink-0">{t('com_ui_zoom')}</span>
            <input
              type="range"
              min={AVATAR_ZOOM_MIN}
              max={AVATAR_ZOOM_MAX}
              step={0.1}
              value={crop.zoom}
              onChange={(e) => update({ ...crop, zoom: Number(e.target.value) })}
              className="w-full accent-primary"
              data-testid="avatar-zoom"
            />
          </label>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => update({ ...crop, rotation: rotate(crop.rotation, -1) })}
              data-testid="avatar-rotate-left"
            >
              <RotateCcw className="size-4" />
              {t('com_ui_rotate_left')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => update({ ...crop, rotation: rotate(crop.rotation, 1) })}
              data-testid="avatar-rotate-right"
            >
              <RotateCw className="size-4" />
              {t('com_ui_rotate_right')}
            </Button>
          </div>
          <div className="flex w-full justify-end gap-2 pt-1">
            <Button variant="outline" size="sm" onClick={onClose} disabled={saving}>
              {t('com_ui_cancel')}
            </Button>
            <Button
              variant="primary"
              size="sm"
              onClick={() => void save()}
              disabled={!image || saving}
              data-testid="avatar-save"
            >
              {saving ? <Spinner className="size-4" /> : null}
              {t('com_ui_save')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

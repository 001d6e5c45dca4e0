import type { ClientImageResize } from '@parley/schema';

/** Types a canvas can write back in kind; others keep their bytes (GIF would lose its frames). */
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** The size the box needs: the image scaled down (never up) to fit maxWidth × maxHeight. */
export function fitWithin(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function decode(blob: Blob): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(blob);
  } catch {
    return null;
  }
}

/** An image's pixel size, or null when the browser cannot decode it (the server decides then). */
export async function measureImage(blob: Blob): Promise<{ width: number; height: number } | null> {
  const bitmap = await decode(blob);
  if (!bitmap) return null;
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

/**
 * librechat.yaml `fileConfig.clientImageResize`: images larger than the box are redrawn on a
 * canvas at maxWidth/maxHeight and `quality`, keeping their type. Returns the original when off,
 * small enough, or not redrawable.
 */
export async function resizeImage(
  file: File,
  config: ClientImageResize,
): Promise<{ file: File; width: number; height: number } | null> {
  const bitmap = await decode(file);
  if (!bitmap) return null;
  const { width, height } = bitmap;
  const target = fitWithin(width, height, config.maxWidth, config.maxHeight);
  if (!config.enabled || !RESIZABLE.has(file.type) || (target.width === width && target.height === height)) {
    bitmap.close();
    return { file, width, height };
  }
  const canvas = document.createElement('canvas');
  canvas.width = target.width;
  canvas.height = target.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, target.width, target.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, config.quality));
  if (!blob || blob.size >= file.size) return { file, width, height };
  return {
    file: new File([blob], file.name, { type: file.type, lastModified: file.lastModified }),
    ...target,
  };
}

import type { MessageFile } from '@parley/schema';

const IMAGE_EXTENSION = /\.(png|jpe?g|gif|webp|avif|bmp|svg)$/i;

/** Whether a file is shown as an image (its MIME type, else its name). */
export function isImageFile(file: Pick<MessageFile, 'type' | 'filename'>): boolean {
  if (file.type) return file.type.toLowerCase().startsWith('image/');
  return IMAGE_EXTENSION.test(file.filename);
}

/** A short type label for a file chip: the extension, else the MIME subtype, upper-cased. */
export function fileTypeLabel(file: Pick<MessageFile, 'type' | 'filename'>): string | null {
  const ext = /\.([a-z0-9]{1,8})$/i.exec(file.filename)?.[1];
  if (ext) return ext.toUpperCase();
  const subtype = file.type?.split('/')[1]?.split(/[;+]/)[0];
  return subtype ? subtype.toUpperCase() : null;
}

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

export type FileKind = 'image' | 'pdf' | 'sheet' | 'code' | 'archive' | 'audio' | 'video' | 'text' | 'other';

const CODE_EXTENSION =
  /\.(js|jsx|ts|tsx|py|java|c|cc|cpp|h|go|rs|rb|php|sh|sql|css|html?|json|ya?ml|xml|toml)$/i;

/** Which icon a file card shows: from its MIME type, else its name. */
export function fileKind(file: Pick<MessageFile, 'type' | 'filename'>): FileKind {
  const type = (file.type ?? '').toLowerCase();
  const name = file.filename.toLowerCase();
  if (isImageFile(file)) return 'image';
  if (type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  if (/spreadsheet|excel|csv/.test(type) || /\.(xlsx?|ods|csv|tsv)$/.test(name)) return 'sheet';
  if (/zip|tar|gzip|compressed|x-7z/.test(type) || /\.(zip|tar|gz|tgz|7z|rar)$/.test(name)) return 'archive';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (CODE_EXTENSION.test(name) || /javascript|typescript|json|x-python|x-sh|sql/.test(type)) return 'code';
  if (type.startsWith('text/') || /word|document|presentation|rtf/.test(type)) return 'text';
  return 'other';
}

/** Past its expiresAt a generated file can no longer be downloaded (doc 2 §4.15). */
export function isExpired(file: Pick<MessageFile, 'expiresAt'>, now = Date.now()): boolean {
  return file.expiresAt != null && now > file.expiresAt;
}

import type { MessageFile } from '@parley/schema';
import {
  Download,
  FileArchive,
  FileAudio,
  FileCode,
  File as FileIcon,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileVideo,
  ImageIcon,
  type LucideIcon,
  X,
} from 'lucide-react';
import { type CSSProperties, useState } from 'react';
import { toast } from 'sonner';
import { errorText } from '../../../api/errors.ts';
import { downloadFile, isDownloadPath, saveBlob, useAuthedBlobUrl } from '../../../api/files.ts';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { t } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import type { ShownImage } from '../message-parts.ts';
import { type FileKind, fileKind, fileTypeLabel, isExpired, isImageFile } from './files.ts';
import { safeImageSrc } from './safe-src.ts';

/** Reserve the image's box before it loads, so the list does not jump (width/height known). */
function aspect(image: ShownImage): CSSProperties | undefined {
  return image.width && image.height ? { aspectRatio: `${image.width} / ${image.height}` } : undefined;
}

/** What shows instead of an image that is unsafe or did not load (doc 2 §4.13). */
function BrokenImage({ image }: { image: ShownImage }) {
  return (
    <div
      data-testid="image-failed"
      role="img"
      aria-label={image.name ? `${t('com_ui_image_failed')}: ${image.name}` : t('com_ui_image_failed')}
      title={image.name || undefined}
      style={aspect(image)}
      className="relative flex min-h-24 w-full items-center justify-center rounded-xl border border-border bg-muted text-muted-foreground"
    >
      <ImageIcon className="size-8" aria-hidden />
      <span
        data-testid="image-error-badge"
        className="absolute top-2 right-2 flex size-5 items-center justify-center rounded-full bg-red-600 text-white"
        aria-hidden
      >
        <X className="size-3.5" strokeWidth={3} />
      </span>
    </div>
  );
}

/** One image: its box at the image's ratio; a click opens it full size. */
function ImageTile({ image }: { image: ShownImage }) {
  // Our download route needs the bearer token: such images load through the auth client.
  if (isDownloadPath(image.src)) return <AuthedImageTile image={image} path={image.src} />;
  return <ImageView image={image} src={safeImageSrc(image.src)} />;
}

/** An image of ours: fetched with the token, shown from a cached object URL (revoked when unused). */
function AuthedImageTile({ image, path }: { image: ShownImage; path: string }) {
  const blob = useAuthedBlobUrl(path);
  if (blob.isPending)
    return (
      <div
        data-testid="image-loading"
        style={aspect(image)}
        className="min-h-24 w-full animate-pulse rounded-xl border border-border bg-muted"
      />
    );
  return <ImageView image={image} src={blob.data ?? null} />;
}

function ImageView({ image, src }: { image: ShownImage; src: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <BrokenImage image={image} />;
  const name = image.name || t('com_ui_image');
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          aria-label={t('com_ui_open_image', { name })}
          style={aspect(image)}
          className="block w-full overflow-hidden rounded-xl border border-border bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <img
            src={src}
            alt={name}
            loading="lazy"
            decoding="async"
            onError={() => setFailed(true)}
            data-testid="message-image"
            className="size-full object-cover"
          />
        </button>
      </DialogTrigger>
      <DialogContent title={name} closeLabel={t('com_ui_close')} className="max-w-5xl">
        <img src={src} alt={name} className="mx-auto max-h-[75vh] w-auto max-w-full object-contain" />
      </DialogContent>
    </Dialog>
  );
}

/** Images in a grid: one alone at a modest width, several side by side. */
export function ImageGrid({ images, className }: { images: readonly ShownImage[]; className?: string }) {
  if (images.length === 0) return null;
  return (
    <div
      data-testid="image-grid"
      className={cn(
        'my-2 grid w-full gap-2',
        images.length === 1 ? 'max-w-sm grid-cols-1' : 'max-w-xl grid-cols-2 sm:grid-cols-3',
        className,
      )}
    >
      {images.map((image, i) => (
        // Images of one message do not reorder; the index keeps equal paths apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: static list
        <ImageTile key={`${i}:${image.src}`} image={image} />
      ))}
    </div>
  );
}

const KIND_ICON: Record<FileKind, LucideIcon> = {
  image: FileImage,
  pdf: FileText,
  sheet: FileSpreadsheet,
  code: FileCode,
  archive: FileArchive,
  audio: FileAudio,
  video: FileVideo,
  text: FileText,
  other: FileIcon,
};

/** Fetch with the bearer token and save under the file's name (doc 2 §4.15). */
async function download(file: MessageFile) {
  try {
    const { blob } = await downloadFile(file.filepath ?? '');
    saveBlob(blob, file.filename);
  } catch (err) {
    // The server's word wins: a file past its expiry there says 'download expired'.
    toast.error(errorText(err, 'com_ui_download_error'));
  }
}

/** A non-image file: type icon, name, size or type, and a download unless it expired. */
function FileCard({ file }: { file: MessageFile }) {
  const type = fileTypeLabel(file);
  const Icon = KIND_ICON[fileKind(file)];
  const expired = isExpired(file);
  const downloadable = !expired && isDownloadPath(file.filepath);
  const detail = [type ?? t('com_ui_file'), file.bytes != null ? formatBytes(file.bytes) : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <div
      data-testid="file-chip"
      data-kind={fileKind(file)}
      className="flex max-w-72 items-center gap-2.5 rounded-xl border border-border bg-background px-3 py-2"
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <Icon className="size-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium" data-testid="file-chip-name">
          {file.filename}
        </span>
        <span className="block text-xs text-muted-foreground">
          {detail}
          {expired ? (
            <span data-testid="download-expired" className="ml-1">
              {t('com_download_expired')}
            </span>
          ) : null}
        </span>
      </span>
      {downloadable ? (
        <button
          type="button"
          onClick={() => void download(file)}
          aria-label={t('com_ui_download_file', { name: file.filename })}
          data-testid="file-download"
          className="shrink-0 rounded-lg p-1.5 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Download className="size-4" />
        </button>
      ) : null}
    </div>
  );
}

/** A message's or a tool call's files: images in a grid, the rest as chips. */
export function Attachments({
  files,
  align = 'start',
}: {
  files: readonly MessageFile[];
  align?: 'start' | 'end';
}) {
  if (files.length === 0) return null;
  const images: ShownImage[] = [];
  const others: MessageFile[] = [];
  for (const file of files) {
    // An expired image would not load: its chip says 'download expired' instead (doc 2 §4.15).
    if (isImageFile(file) && !isExpired(file))
      images.push({ src: file.filepath, name: file.filename, width: file.width, height: file.height });
    else others.push(file);
  }
  return (
    <div
      data-testid="attachments"
      className={cn('flex w-full flex-col gap-2', align === 'end' && 'items-end')}
    >
      <ImageGrid images={images} className={align === 'end' ? 'justify-items-end' : undefined} />
      {others.length > 0 ? (
        <div className={cn('flex flex-wrap gap-2', align === 'end' && 'justify-end')}>
          {others.map((file, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static list
            <FileCard key={`${i}:${file.filename}`} file={file} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

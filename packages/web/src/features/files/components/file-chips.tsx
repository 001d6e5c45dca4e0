import { FileText, X } from 'lucide-react';
import { t } from '../../../i18n/t.ts';
import type { AttachedFile } from '../store/attachments.ts';

/** A ring that fills with the upload's progress (0 to 1). */
function ProgressRing({ progress }: { progress: number }) {
  const r = 9;
  const length = 2 * Math.PI * r;
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6 -rotate-90"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
      aria-label={t('com_ui_uploading')}
    >
      <circle cx="12" cy="12" r={r} fill="none" strokeWidth="3" className="stroke-white/40" />
      <circle
        cx="12"
        cy="12"
        r={r}
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray={length}
        strokeDashoffset={length * (1 - progress)}
        className="stroke-white transition-[stroke-dashoffset] duration-300"
      />
    </svg>
  );
}

function Chip({ file, onRemove }: { file: AttachedFile; onRemove: (tempId: string) => void }) {
  const uploading = file.progress < 1;
  const ext = /\.([a-z0-9]{1,8})$/i.exec(file.filename)?.[1]?.toUpperCase();
  return (
    <li
      data-testid="attached-file"
      data-progress={file.progress}
      data-file-id={file.file_id ?? undefined}
      className="group relative flex h-14 max-w-56 shrink-0 items-center gap-2 rounded-xl border border-border bg-background p-1.5 pr-3"
    >
      <span className="relative flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-muted text-muted-foreground">
        {file.preview ? (
          <img src={file.preview} alt="" className="size-full object-cover" />
        ) : uploading ? null : (
          // While uploading the ring stands alone: the icon behind it blurred both.
          <FileText className="size-5" aria-hidden />
        )}
        {uploading ? (
          <span className="absolute inset-0 flex items-center justify-center bg-black/45">
            <ProgressRing progress={file.progress} />
          </span>
        ) : null}
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium">{file.filename}</span>
        <span className="block text-xs text-muted-foreground">{ext ?? t('com_ui_file')}</span>
      </span>
      <button
        type="button"
        onClick={() => onRemove(file.tempId)}
        aria-label={t('com_ui_remove_file', { name: file.filename })}
        data-testid="remove-file"
        // 20 px to see, 36 px to tap (the ::after reaches past it).
        className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full border border-border bg-background text-foreground shadow-sm after:absolute after:-inset-2 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X className="size-3" strokeWidth={2.5} />
      </button>
    </li>
  );
}

/**
 * The composer's attached-file area (doc 3 Composer): one chip per file, removable. On a phone the
 * chips scroll sideways in one row (as ChatGPT's do) rather than stacking over the thread; from
 * `sm` they wrap.
 */
export function FileChips({
  files,
  onRemove,
}: {
  files: readonly AttachedFile[];
  onRemove: (tempId: string) => void;
}) {
  if (files.length === 0) return null;
  return (
    <ul
      data-testid="attached-files"
      className="flex gap-2 overflow-x-auto px-3 pt-3 pb-1 [scrollbar-width:thin] sm:flex-wrap sm:overflow-visible sm:pb-0"
    >
      {files.map((file) => (
        <Chip key={file.tempId} file={file} onRemove={onRemove} />
      ))}
    </ul>
  );
}

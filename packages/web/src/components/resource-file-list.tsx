import { FileIcon, FileImage, X } from 'lucide-react';
import { t } from '../i18n/t.ts';
import { Button } from './ui/button.tsx';

export type ListedFile = { file_id: string; filename: string; type?: string | null };

/** The extension a person recognises (PDF, TXT), or null for a name without one. */
export function fileExtension(filename: string): string | null {
  const dot = filename.lastIndexOf('.');
  if (dot <= 0 || dot === filename.length - 1) return null;
  const ext = filename.slice(dot + 1);
  return ext.length <= 5 ? ext.toUpperCase() : null;
}

/**
 * Files held for one of an agent's tool resources (the agent and the assistant builders): a type
 * icon with the extension, the name, and a remove button. The caller owns fetching and removing.
 */
export function ResourceFileList({
  files,
  disabled,
  onRemove,
  itemTestId = 'resource-file',
}: {
  files: readonly ListedFile[];
  disabled?: boolean;
  onRemove: (fileId: string) => void;
  itemTestId?: string;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="flex min-w-0 flex-col gap-1">
      {files.map((file) => {
        const ext = fileExtension(file.filename);
        const Icon = file.type?.startsWith('image/') ? FileImage : FileIcon;
        return (
          <li
            key={file.file_id}
            className="flex min-w-0 items-center gap-2 rounded-lg border border-border py-1 pr-1 pl-2 text-sm"
            data-testid={itemTestId}
          >
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 flex-1 truncate" title={file.filename} data-testid="resource-file-name">
              {file.filename}
            </span>
            {ext ? (
              <span
                className="shrink-0 rounded bg-muted px-1.5 py-0.5 text-[10px] font-medium text-muted-foreground"
                data-testid="resource-file-ext"
              >
                {ext}
              </span>
            ) : null}
            <Button
              variant="subtle"
              size="icon-sm"
              disabled={disabled}
              aria-label={t('com_ui_remove_file', { name: file.filename })}
              onClick={() => onRemove(file.file_id)}
              data-testid="resource-file-remove"
            >
              <X className="size-4" />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

import type { Preset } from '@parley/schema';
import { BookCopy, Download, Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { useDeletePreset, usePresets, useSavePreset } from '../../../api/presets.ts';
import { EndpointIcon } from '../../../components/endpoint-icon.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { t } from '../../../i18n/t.ts';
import type { ChatSettings } from '../../../lib/chat-settings.ts';
import { endpointLabel } from '../../../lib/endpoint-label.ts';
import { lazyOnOpen } from '../../../lib/lazy-on-open.tsx';
import { presetFileName, presetFromFile, presetToFile } from './preset-file.ts';

// The preset editor loads when it first opens, off /chat/new's critical path.
const PresetDialog = lazyOnOpen(() =>
  import('./preset-dialog.tsx').then((m) => ({ default: m.PresetDialog })),
);

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The header presets menu: apply, save current, edit, export, import and delete presets. */
export function PresetsMenu({
  current,
  onApply,
}: {
  current: ChatSettings | null;
  onApply: (preset: Preset) => void;
}) {
  const [open, setOpen] = useState(false);
  const presets = usePresets(open);
  const save = useSavePreset();
  const remove = useDeletePreset();
  const [dialog, setDialog] = useState<{ preset: Preset | null } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const onImport = async (file: File | undefined) => {
    if (!file) return;
    const body = presetFromFile(await file.text());
    if (!body) {
      toast.error(t('com_ui_preset_import_invalid'));
      return;
    }
    try {
      await save.mutateAsync(body);
      toast.success(t('com_ui_preset_imported'));
    } catch {
      toast.error(t('com_ui_preset_import_invalid'));
    }
  };

  const onDelete = async (preset: Preset) => {
    try {
      await remove.mutateAsync(preset.presetId);
      toast.success(t('com_ui_preset_deleted'));
    } catch {
      toast.error(t('com_ui_preset_delete_error'));
    }
  };

  // Menu items close the menu; a dialog opened in the same tick would lose focus to it.
  const later = (fn: () => void) => () => setTimeout(fn, 0);
  const list = presets.data ?? [];

  return (
    <>
      <DropdownMenu open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="subtle"
            size="icon"
            data-testid="presets-button"
            aria-label={t('com_ui_presets')}
            title={t('com_ui_presets')}
          >
            <BookCopy className="size-5" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1.5rem))]">
          <DropdownMenuLabel>{t('com_ui_presets')}</DropdownMenuLabel>
          <div className="max-h-[min(50vh,20rem)] overflow-y-auto">
            {list.length === 0 && !presets.isPending ? (
              <p className="px-2.5 py-2 text-sm text-muted-foreground">{t('com_ui_no_presets')}</p>
            ) : null}
            {list.map((preset) => (
              <div key={preset.presetId} className="flex items-center" data-testid="preset-row">
                <DropdownMenuItem
                  className="min-w-0 flex-1"
                  onSelect={() => onApply(preset)}
                  data-testid="preset-apply"
                >
                  <EndpointIcon endpoint={preset.endpoint} iconURL={preset.iconURL} size="sm" />
                  <span className="min-w-0">
                    <span className="block truncate">{preset.title}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {endpointLabel(preset.endpoint ?? '')} · {preset.model}
                    </span>
                  </span>
                </DropdownMenuItem>
                <DropdownMenuItem
                  className="px-2"
                  aria-label={t('com_ui_edit_preset')}
                  title={t('com_ui_edit_preset')}
                  onSelect={later(() => setDialog({ preset }))}
                  data-testid="preset-edit"
                >
                  <Pencil className="text-muted-foreground" />
                </DropdownMenuItem>
                <DropdownMenuItem
                  className="px-2"
                  aria-label={t('com_ui_export_preset')}
                  title={t('com_ui_export_preset')}
                  onSelect={() => download(presetFileName(preset.title), presetToFile(preset))}
                  data-testid="preset-export"
                >
                  <Download className="text-muted-foreground" />
                </DropdownMenuItem>
                <DropdownMenuItem
                  className="px-2"
                  aria-label={t('com_ui_delete_preset')}
                  title={t('com_ui_delete_preset')}
                  onSelect={() => void onDelete(preset)}
                  data-testid="preset-delete"
                >
                  <Trash2 className="text-muted-foreground" />
                </DropdownMenuItem>
              </div>
            ))}
          </div>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            disabled={!current}
            onSelect={later(() => setDialog({ preset: null }))}
            data-testid="preset-new"
          >
            <Plus />
            {t('com_ui_save_preset')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={later(() => fileInput.current?.click())} data-testid="preset-import">
            <Upload />
            {t('com_ui_import_preset')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        className="hidden"
        data-testid="preset-import-file"
        onChange={(e) => {
          void onImport(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <PresetDialog
        open={dialog !== null}
        onOpenChange={(next) => {
          if (!next) setDialog(null);
        }}
        preset={dialog?.preset ?? null}
        current={current}
      />
    </>
  );
}

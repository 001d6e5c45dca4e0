import { DEFAULT_PRESET_TITLE, PRESET_TITLE_MAX, type Preset } from '@parley/schema';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { useSavePreset } from '../../../api/presets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { t } from '../../../i18n/t.ts';
import type { ChatSettings } from '../../../lib/chat-settings.ts';
import { endpointLabel } from '../../../lib/endpoint-label.ts';

/**
 * Save the current chat settings as a new preset, or edit a preset: rename it and optionally
 * replace its settings with the current ones.
 */
export function PresetDialog({
  open,
  onOpenChange,
  preset,
  current,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The preset being edited; none = a new preset from `current`. */
  preset?: Preset | null;
  current: ChatSettings | null;
}) {
  const id = useId();
  const save = useSavePreset();
  const [title, setTitle] = useState('');
  const [replace, setReplace] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTitle(preset?.title ?? '');
    setReplace(false);
  }, [open, preset]);

  const source = preset && !replace ? null : current;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const settings = source
      ? { endpoint: source.endpoint, model: source.model, spec: source.spec ?? null, ...source.params }
      : { endpoint: preset?.endpoint ?? '' };
    if (!settings.endpoint) return;
    try {
      await save.mutateAsync({
        ...(preset ? { presetId: preset.presetId } : {}),
        ...(preset && !source ? presetSettings(preset) : settings),
        title: title.trim() || DEFAULT_PRESET_TITLE,
      });
      toast.success(t('com_ui_preset_saved'));
      onOpenChange(false);
    } catch {
      toast.error(t('com_ui_preset_save_error'));
    }
  };

  const summary = source
    ? `${endpointLabel(source.endpoint)} · ${source.model}`
    : `${endpointLabel(preset?.endpoint ?? '')} · ${preset?.model ?? ''}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={preset ? t('com_ui_edit_preset') : t('com_ui_save_preset')}
        closeLabel={t('com_settings_close')}
      >
        <form onSubmit={onSubmit} className="space-y-4" data-testid="preset-dialog">
          <div className="space-y-1.5">
            <label htmlFor={`${id}-title`} className="text-sm font-medium">
              {t('com_ui_preset_title')}
            </label>
            <Input
              id={`${id}-title`}
              value={title}
              maxLength={PRESET_TITLE_MAX}
              placeholder={DEFAULT_PRESET_TITLE}
              onChange={(e) => setTitle(e.target.value)}
              data-testid="preset-title"
              autoFocus
            />
          </div>
          <p className="text-sm text-muted-foreground">{summary}</p>
          {preset && current ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} />
              {t('com_ui_preset_replace_settings')}
            </label>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('com_ui_cancel')}
            </Button>
            <Button type="submit" variant="primary" disabled={save.isPending} data-testid="preset-save">
              {t('com_ui_save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A preset's own settings, to save it back unchanged but for its title. */
function presetSettings(preset: Preset) {
  const { presetId: _id, title: _title, createdAt: _c, updatedAt: _u, ...settings } = preset;
  return { ...settings, endpoint: preset.endpoint ?? '' };
}

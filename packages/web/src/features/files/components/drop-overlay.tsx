import type { ToolResource } from '@parley/schema';
import { Upload } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { t } from '../../../i18n/t.ts';
import { CHOICE_LABEL } from '../upload-choices.ts';

/**
 * Over the chat while files are dragged: 'Add anything' and its hint (doc 3 Composer). After the
 * drop, the upload type choice (doc 3 "Upload type choice"), Escape or a click outside cancels.
 */
export default function DropOverlay({
  dragging,
  choices,
  onChoose,
}: {
  dragging: boolean;
  /** Null while dragging; the choices once dropped. */
  choices: readonly ToolResource[] | null;
  onChoose: (choice: ToolResource | null) => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!choices) return;
    first.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onChoose(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [choices, onChoose]);

  if (choices && !dragging)
    return (
      <div
        className="absolute inset-0 z-30 flex items-center justify-center bg-background/70 px-4 backdrop-blur-sm"
        onClick={(e) => {
          if (e.target === e.currentTarget) onChoose(null);
        }}
        data-testid="upload-type-choice"
      >
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby="upload-type-title"
          className="w-72 max-w-full rounded-2xl border border-border bg-popover p-4 shadow-xl"
        >
          <h2 id="upload-type-title" className="mb-3 text-sm font-semibold">
            {t('com_ui_upload_type')}
          </h2>
          <div className="flex flex-col gap-1.5">
            {choices.map((choice, i) => (
              <Button
                key={choice}
                ref={i === 0 ? first : undefined}
                variant="outline"
                className="justify-start"
                onClick={() => onChoose(choice)}
                data-testid={`upload-choice-${choice}`}
              >
                {t(CHOICE_LABEL[choice])}
              </Button>
            ))}
          </div>
        </div>
      </div>
    );

  return (
    <div
      className="pointer-events-none absolute inset-0 z-30 flex flex-col items-center justify-center gap-2 bg-background/80 px-6 text-center backdrop-blur-sm"
      data-testid="drop-overlay"
    >
      <Upload className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-lg font-semibold">{t('com_ui_add_anything')}</p>
      <p className="text-sm text-muted-foreground">{t('com_ui_drag_drop')}</p>
    </div>
  );
}

import { Check, Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { Textarea } from '../../components/ui/input.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-prompts.ts';
import { editorRows, shouldSaveText } from './prompt-form.ts';

/**
 * The prompt text editor (doc 2 §4.9): it shows the text, and toggles to an editing box. Leaving
 * edit — blur, Escape or the save icon — saves when the text changed and is not blank.
 */
export function PromptTextEditor({
  text,
  onSave,
  disabled = false,
}: {
  text: string;
  onSave: (text: string) => void;
  disabled?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);
  // Leaving runs once however it happens (Escape then the blur it causes, say).
  const editingRef = useRef(false);

  useEffect(() => {
    if (!editing) setDraft(text);
  }, [text, editing]);

  const enter = () => {
    if (disabled) return;
    editingRef.current = true;
    setDraft(text);
    setEditing(true);
  };
  const leave = () => {
    if (!editingRef.current) return;
    editingRef.current = false;
    setEditing(false);
    if (shouldSaveText(draft, text)) onSave(draft);
  };

  return (
    <section className="flex flex-col gap-1.5" data-testid="prompt-text-editor">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{t('com_prompts_text')}</h3>
        {editing ? (
          <IconButton
            label={t('com_prompts_save_text')}
            size="icon-sm"
            // Keep the box focused until the click: the click saves, not the blur before it.
            onMouseDown={(e) => e.preventDefault()}
            onClick={leave}
            data-testid="prompt-text-save"
          >
            <Check className="size-4" />
          </IconButton>
        ) : (
          <IconButton
            label={t('com_prompts_edit_text')}
            size="icon-sm"
            onClick={enter}
            disabled={disabled}
            data-testid="prompt-text-edit"
          >
            <Pencil className="size-4" />
          </IconButton>
        )}
      </div>
      {editing ? (
        <Textarea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={leave}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              leave();
            }
          }}
          rows={editorRows(draft)}
          aria-label={t('com_prompts_text')}
          data-testid="prompt-text-input"
          autoFocus
          className="resize-y font-mono text-[13px] leading-relaxed"
        />
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: the text itself opens the editor, as a button
        <div
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-label={t('com_prompts_edit_text')}
          aria-disabled={disabled || undefined}
          onClick={enter}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              enter();
            }
          }}
          className="max-h-[60vh] min-h-20 cursor-text overflow-y-auto whitespace-pre-wrap rounded-xl border border-border bg-muted/30 px-3 py-2 font-mono text-[13px] leading-relaxed [overflow-wrap:anywhere] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="prompt-text-view"
        >
          {text}
        </div>
      )}
    </section>
  );
}

/** The same text, read only (shared groups, for users who are not the author). */
export function PromptTextView({ text }: { text: string }) {
  return (
    <div
      className="max-h-[60vh] overflow-y-auto whitespace-pre-wrap rounded-xl border border-border bg-muted/30 px-3 py-2 font-mono text-[13px] leading-relaxed [overflow-wrap:anywhere]"
      data-testid="prompt-text-readonly"
    >
      {text}
    </div>
  );
}

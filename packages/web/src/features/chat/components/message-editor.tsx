import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { t } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';
import { editKeyAction } from '../edit-keys.ts';

/** Tall edits scroll inside the editor instead of pushing the buttons off screen. */
const MAX_EDITOR_PX = 400;

export type MessageEditorProps = {
  initialText: string;
  /** User messages: "Save & Submit" makes a new branch. AI messages only save. */
  canSubmit: boolean;
  saving: boolean;
  onSubmit: (text: string) => void;
  onSave: (text: string) => void;
  onCancel: () => void;
  variant: 'user' | 'assistant';
};

/** The inline editor of a message (doc 2 §4.11): Save & Submit, Save, Cancel; Escape cancels. */
export function MessageEditor({
  initialText,
  canSubmit,
  saving,
  onSubmit,
  onSave,
  onCancel,
  variant,
}: MessageEditorProps) {
  const [text, setText] = useState(initialText);
  const ref = useRef<HTMLTextAreaElement>(null);
  const empty = text.trim() === '';

  // Grow with the text (up to a cap), so the editor keeps the message's shape.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measured on every text change
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_EDITOR_PX)}px`;
  }, [text]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const run = (action: 'submit' | 'save') => {
    if (empty || saving) return;
    if (action === 'submit' && canSubmit) onSubmit(text);
    else onSave(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = editKeyAction({ ...event, isComposing: event.nativeEvent.isComposing }, canSubmit);
    if (!action) return;
    event.preventDefault();
    if (action === 'cancel') onCancel();
    else run(action);
  };

  return (
    <div
      data-testid="message-editor"
      className={cn(
        'w-full rounded-3xl px-4 pt-3 pb-2.5',
        variant === 'user' ? 'bg-muted' : 'border border-border bg-background',
      )}
    >
      <textarea
        ref={ref}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        aria-label={t('com_ui_edit_message')}
        aria-invalid={empty || undefined}
        data-testid="message-editor-input"
        rows={1}
        className="block w-full resize-none bg-transparent leading-relaxed text-foreground outline-none placeholder:text-muted-foreground"
      />
      <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
        {empty ? (
          <span role="alert" className="mr-auto text-xs text-red-600 dark:text-red-400">
            {t('com_ui_edit_required')}
          </span>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onCancel} data-testid="edit-cancel">
          {t('com_ui_cancel')}
        </Button>
        <Button
          size="sm"
          variant={canSubmit ? 'outline' : 'primary'}
          onClick={() => run('save')}
          disabled={empty || saving}
          title={t('com_ui_edit_hint_save')}
          aria-keyshortcuts="Shift+Enter"
          data-testid="edit-save"
        >
          {t('com_ui_save')}
        </Button>
        {canSubmit ? (
          <Button
            size="sm"
            variant="primary"
            onClick={() => run('submit')}
            disabled={empty || saving}
            title={t('com_ui_edit_hint_submit')}
            aria-keyshortcuts="Control+Enter Meta+Enter"
            data-testid="edit-submit"
          >
            {t('com_ui_save_submit')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

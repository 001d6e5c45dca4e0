import { Plus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Input } from '../../components/ui/input.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-assistants.ts';
import { cn } from '../../lib/cn.ts';
import { ASSISTANT_LIMITS, addStarter } from './assistant-form.ts';

/** How long the field shakes when Enter is pressed at the maximum. */
const SHAKE_MS = 400;

/**
 * Conversation starters (doc 3 §5): Enter (or +) adds a non-blank starter while under the max;
 * Enter at the max shakes the field. Each starter stays editable; blank ones are dropped on save.
 */
export function StartersField({
  id,
  starters,
  onChange,
  disabled,
}: {
  id: string;
  starters: string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const [shake, setShake] = useState(false);
  useEffect(() => {
    if (!shake) return;
    const timer = setTimeout(() => setShake(false), SHAKE_MS);
    return () => clearTimeout(timer);
  }, [shake]);
  const full = starters.length >= ASSISTANT_LIMITS.starters;

  const add = () => {
    const result = addStarter(starters, draft);
    if (result.shake) setShake(true);
    if (result.added) {
      onChange(result.list);
      setDraft('');
    }
  };

  return (
    <div className="flex flex-col gap-1.5" data-testid="assistant-starters">
      {starters.map((starter, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: starters may repeat; their place is their identity
        <div key={index} className="flex items-center gap-1">
          <Input
            size="sm"
            value={starter}
            maxLength={ASSISTANT_LIMITS.starter}
            disabled={disabled}
            aria-label={t('com_assistants_starters')}
            onChange={(e) => onChange(starters.map((s, i) => (i === index ? e.target.value : s)))}
          />
          <button
            type="button"
            disabled={disabled}
            onClick={() => onChange(starters.filter((_, i) => i !== index))}
            aria-label={t('com_assistants_starter_remove', { 0: index + 1 })}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <X className="size-4" />
          </button>
        </div>
      ))}
      <div
        className={cn('flex items-center gap-1', shake && 'animate-shake')}
        data-shake={shake || undefined}
      >
        <Input
          id={id}
          size="sm"
          value={draft}
          maxLength={ASSISTANT_LIMITS.starter}
          disabled={disabled}
          placeholder={
            full
              ? t('com_assistants_starters_max', { 0: ASSISTANT_LIMITS.starters })
              : t('com_assistants_starters_placeholder')
          }
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            e.preventDefault();
            add();
          }}
          data-testid="assistant-starter-input"
        />
        <button
          type="button"
          disabled={disabled || full || !draft.trim()}
          onClick={add}
          aria-label={t('com_assistants_starter_add')}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-accent hover:text-foreground disabled:opacity-40"
        >
          <Plus className="size-4" />
        </button>
      </div>
    </div>
  );
}

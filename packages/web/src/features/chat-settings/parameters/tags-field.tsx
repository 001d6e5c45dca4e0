import type { TagsSetting } from '@parley/schema';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { t } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';
import { FieldHeader, hintId, inputClass } from './field.tsx';
import { tk } from './label.ts';

/**
 * A list of short strings (stop sequences): Enter adds, chips remove. Past `maxTags` the oldest
 * fall off; below `minTags` removal is refused. Both explain themselves (doc 2 §5.7).
 */
export function TagsField({
  setting,
  value,
  onChange,
}: {
  setting: TagsSetting;
  value: string[] | undefined;
  onChange: (value: string[] | undefined) => void;
}) {
  const id = useId();
  const tags = value ?? [];
  const [draft, setDraft] = useState('');
  const [warning, setWarning] = useState<string | null>(null);

  const commit = (next: string[]) => onChange(next.length > 0 ? next : undefined);

  const add = () => {
    if (draft.trim() === '') return;
    setDraft('');
    if (tags.includes(draft)) return;
    const next = [...tags, draft];
    if (next.length > setting.maxTags) {
      setWarning(t('com_param_tags_max_warning', { max: setting.maxTags }));
      commit(next.slice(-setting.maxTags));
    } else {
      setWarning(null);
      commit(next);
    }
  };

  const remove = (index: number) => {
    if (tags.length - 1 < setting.minTags) {
      setWarning(t('com_param_tags_min_warning', { min: setting.minTags }));
      return;
    }
    setWarning(null);
    commit(tags.filter((_, i) => i !== index));
  };

  return (
    <div>
      <FieldHeader id={id} setting={setting} />
      {tags.length > 0 ? (
        <ul data-testid={`param-${setting.key}-tags`} className="mt-1.5 flex flex-wrap gap-1.5">
          {tags.map((tag, i) => (
            <li
              key={tag}
              className="inline-flex max-w-full items-center gap-1 rounded-lg bg-muted py-0.5 pr-1 pl-2 text-xs"
            >
              <span className="truncate font-mono">{tag}</span>
              <button
                type="button"
                aria-label={t('com_param_tags_remove', { tag })}
                onClick={() => remove(i)}
                className="rounded p-0.5 text-muted-foreground hover:bg-accent-strong hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <X className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        data-testid={`param-${setting.key}`}
        type="text"
        autoComplete="off"
        value={draft}
        placeholder={setting.placeholderKey ? tk(setting.placeholderKey) : undefined}
        aria-describedby={hintId(id, setting)}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          e.preventDefault();
          add();
        }}
        className={cn(inputClass, 'mt-1.5 w-full')}
      />
      {warning ? (
        <p role="status" data-testid={`param-${setting.key}-warning`} className="mt-1 text-xs text-amber-600">
          {warning}
        </p>
      ) : null}
    </div>
  );
}

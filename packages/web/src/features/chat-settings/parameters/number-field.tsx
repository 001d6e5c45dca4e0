import type { NumberSetting } from '@parley/schema';
import { useEffect, useId, useState } from 'react';
import { t } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';
import { FieldHeader, hintId, inputClass } from './field.tsx';
import { normalize, parseNumber } from './numbers.ts';

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

/**
 * An optional number: blank means unset. Valid in-range input commits as typed; anything else
 * waits for blur, where it is clamped (or reverted when it is not a number).
 */
export function NumberField({
  setting,
  value,
  onChange,
}: {
  setting: NumberSetting;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const id = useId();
  const { key, min, max, step } = setting;
  const [draft, setDraft] = useState(text(value));

  useEffect(() => setDraft(text(value)), [value]);

  return (
    <div>
      <FieldHeader id={id} setting={setting} />
      <input
        id={id}
        data-testid={`param-${key}`}
        type="number"
        min={min}
        max={max}
        step={step}
        value={draft}
        placeholder={setting.default === undefined ? t('com_param_default') : String(setting.default)}
        aria-describedby={hintId(id, setting)}
        onChange={(e) => {
          setDraft(e.target.value);
          // A number input reports '' for half-typed text like "1e": that is not "cleared".
          if (e.target.value === '' && !e.target.validity.badInput) return onChange(undefined);
          const parsed = parseNumber(e.target.value);
          if (parsed !== null && normalize(parsed, step, min, max) === parsed && parsed !== value) {
            onChange(parsed);
          }
        }}
        onBlur={() => {
          if (draft === '') return;
          const parsed = parseNumber(draft);
          if (parsed === null) return setDraft(text(value));
          const next = normalize(parsed, step, min, max);
          setDraft(String(next));
          if (next !== value) onChange(next);
        }}
        className={cn(inputClass, 'mt-1.5 w-full tabular-nums')}
      />
    </div>
  );
}

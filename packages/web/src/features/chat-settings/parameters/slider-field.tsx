import { SLIDER_DEBOUNCE_MS, type SliderSetting } from '@parley/schema';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { FieldHeader, hintId, inputClass } from './field.tsx';
import { tk } from './label.ts';
import { normalize, parseNumber } from './numbers.ts';

/**
 * A range plus a text box. Dragging shows the value at once and commits on release (the native
 * `change` event); typing commits after SLIDER_DEBOUNCE_MS, clamped, and invalid text reverts.
 */
export function SliderField({
  setting,
  value,
  onCommit,
}: {
  setting: SliderSetting;
  value: number | undefined;
  onCommit: (value: number) => void;
}) {
  const id = useId();
  const { key, min, max, step } = setting;
  const shown = value ?? setting.default;
  const [draft, setDraft] = useState(String(shown));
  const [dragging, setDragging] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const range = useRef<HTMLInputElement>(null);

  const cancelTyping = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };

  const commitText = (text: string) => {
    cancelTyping();
    const parsed = parseNumber(text);
    if (parsed === null) {
      setDraft(String(shown));
      return;
    }
    const next = normalize(parsed, step, min, max);
    setDraft(String(next));
    if (next !== value) onCommit(next);
  };
  // The debounced call must see this render's props, not the ones from when typing began.
  const latestCommitText = useRef(commitText);
  latestCommitText.current = commitText;

  // A new value from outside (commit, reset, another conversation) replaces any local edit.
  useEffect(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setDraft(String(shown));
    setDragging(null);
  }, [shown]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // React's onChange fires while dragging; the DOM `change` event marks the release.
  const latestCommit = useRef(onCommit);
  latestCommit.current = onCommit;
  useEffect(() => {
    const el = range.current;
    if (!el) return;
    const release = () => latestCommit.current(Number(el.value));
    el.addEventListener('change', release);
    return () => el.removeEventListener('change', release);
  }, []);

  const unset = value === undefined && dragging === null && draft === String(shown);

  return (
    <div>
      <FieldHeader
        id={id}
        setting={setting}
        aside={
          <input
            id={id}
            data-testid={`param-${key}`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={draft}
            aria-describedby={hintId(id, setting)}
            onChange={(e) => {
              const text = e.target.value;
              setDraft(text);
              cancelTyping();
              timer.current = setTimeout(() => latestCommitText.current(text), SLIDER_DEBOUNCE_MS);
            }}
            onBlur={() => {
              if (timer.current !== undefined) commitText(draft);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                commitText(draft);
              }
            }}
            className={cn(
              inputClass,
              'w-20 shrink-0 text-right tabular-nums',
              unset && 'text-muted-foreground',
            )}
          />
        }
      />
      <input
        ref={range}
        type="range"
        data-testid={`param-${key}-slider`}
        aria-label={tk(setting.labelKey)}
        min={min}
        max={max}
        step={step}
        value={dragging ?? shown}
        onChange={(e) => {
          const next = Number(e.target.value);
          cancelTyping();
          setDragging(next);
          setDraft(String(next));
        }}
        className="mt-2 h-1.5 w-full cursor-pointer accent-brand"
      />
    </div>
  );
}

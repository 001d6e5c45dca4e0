import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { type Preferences, usePreferences } from '../../store/preferences.ts';
import { Switch } from './switch.tsx';

/** Keys of the preferences that are plain on/off switches. */
type BooleanKey = { [K in keyof Preferences]: Preferences[K] extends boolean ? K : never }[keyof Preferences];

/** One settings row: a label (with an optional hint) and its control on the right. */
export function Row({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <label htmlFor={id} className="min-w-0 text-sm">
        <span className="block">{label}</span>
        {hint ? <span className="mt-0.5 block text-xs text-muted-foreground">{hint}</span> : null}
      </label>
      {children(id)}
    </div>
  );
}

/** A row whose control is a switch bound to one boolean preference. */
export function SwitchRow({
  name,
  label,
  hint,
  testId,
}: {
  name: BooleanKey;
  label: string;
  hint?: string;
  testId?: string;
}) {
  const checked = usePreferences((s) => s[name]);
  const set = usePreferences((s) => s.setPreference);
  return (
    <Row label={label} hint={hint}>
      {(id) => (
        <Switch id={id} checked={checked} onCheckedChange={(v) => set(name, v)} data-testid={testId} />
      )}
    </Row>
  );
}

export const selectClass =
  'h-8 rounded-lg border border-border bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function Segmented<T extends string>({
  id,
  value,
  options,
  onChange,
}: {
  id: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset id={id} className="inline-flex shrink-0 rounded-lg bg-muted p-0.5">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={cn(
            'rounded-md px-2.5 py-1 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === o.value
              ? 'bg-background text-foreground shadow-sm'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}

import type { AvailableTool } from '@parley/schema';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { t } from '../i18n/t.ts';
import { missingAuthFields } from '../lib/tool-auth.ts';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import '../i18n/en-tools.ts';

/**
 * The keys a tool needs, one field per `authConfig` entry (doc 2 §5.6): each required
 * ('{label} is required.', shown once the field was touched), Save disabled unless the form is
 * dirty and valid, and the trust warning above (the tool acts with the user's account).
 */
export function ToolAuthForm({
  tool,
  pending,
  onSubmit,
  onCancel,
  setFields,
}: {
  tool: AvailableTool;
  pending?: boolean;
  /** Fields the user has already set: shown as saved (never their values), left blank to keep. */
  setFields?: ReadonlySet<string>;
  onSubmit: (values: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const fields = tool.authConfig ?? [];
  const [values, setValues] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const blank = new Set(
    missingAuthFields(fields, values)
      .map((f) => f.authField)
      .filter((f) => !setFields?.has(f)),
  );
  const dirty = Object.values(values).some((v) => v !== '');
  const touch = (field: string) => setTouched((s) => (s.has(field) ? s : new Set(s).add(field)));

  return (
    <form
      className="flex flex-col gap-3"
      data-testid="tool-auth-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (blank.size === 0) onSubmit(values);
      }}
    >
      <p
        className="flex gap-2 rounded-xl border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-xs"
        data-testid="tool-trust-warning"
      >
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
        <span>{t('com_tools_trust_warning')}</span>
      </p>
      {fields.map((field) => {
        const id = `tool-auth-${tool.pluginKey}-${field.authField}`;
        const error = touched.has(field.authField) && blank.has(field.authField);
        return (
          <div key={field.authField} className="text-sm">
            <label htmlFor={id} className="mb-1 block font-medium">
              {field.label}
            </label>
            <Input
              id={id}
              type="password"
              autoComplete="off"
              value={values[field.authField] ?? ''}
              placeholder={setFields?.has(field.authField) ? t('com_tools_value_saved') : field.description}
              aria-invalid={error || undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              data-testid={`tool-key-${field.authField}`}
              onBlur={() => touch(field.authField)}
              onChange={(e) => {
                const value = e.target.value;
                touch(field.authField);
                setValues((v) => ({ ...v, [field.authField]: value }));
              }}
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-destructive">
                {t('com_tools_field_required', { label: field.label })}
              </p>
            ) : null}
          </div>
        );
      })}
      <p className="text-xs text-muted-foreground">{t('com_tools_keys_stored')}</p>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          {t('com_ui_cancel')}
        </Button>
        <Button
          variant="primary"
          type="submit"
          disabled={pending || !dirty || blank.size > 0}
          data-testid="tool-key-save"
        >
          {t('com_ui_save')}
        </Button>
      </div>
    </form>
  );
}

import { useMemo, useState } from 'react';
import type { TranslationKey } from '../../i18n/t.ts';
import { t } from '../../i18n/t.ts';
import type { FieldErrors } from './validation.ts';

/**
 * Form state with validation on change. Errors show for fields the user has left once, or all of
 * them after a submit attempt; server field errors show until that field changes.
 */
export function useForm<F extends string>(
  initial: Record<F, string>,
  validate: (v: Record<F, string>) => FieldErrors<F>,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({});
  const errors = useMemo(() => validate(values), [values, validate]);

  const visible = (field: F): TranslationKey | undefined =>
    submitted || touched[field] ? errors[field] : undefined;

  const set = (field: F, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((s) => (s[field] ? { ...s, [field]: undefined } : s));
  };
  // Leaving an empty field does not flag it: "required" waits for a submit attempt, so the
  // blur caused by clicking Continue cannot disable the button under the pointer.
  const touch = (field: F) => {
    if (values[field] === '') return;
    setTouched((tc) => (tc[field] ? tc : { ...tc, [field]: true }));
  };
  /** The text under a field: its own rule's, once shown, else the server's answer for it. */
  const errorOf = (field: F): string | undefined => {
    const key = visible(field);
    return key ? t(key) : serverErrors[field];
  };

  return {
    values,
    errors,
    serverErrors,
    visibleError: visible,
    hasVisibleErrors:
      (Object.keys(errors) as F[]).some((f) => visible(f) !== undefined) ||
      Object.values(serverErrors).some(Boolean),
    isValid: Object.keys(errors).length === 0,
    set,
    touch,
    /** A TextField's wiring for `field`: `<TextField label=… {...form.bind('email')} />`. */
    bind: (field: F) => ({
      name: field,
      value: values[field],
      onValueChange: (value: string) => set(field, value),
      onBlur: () => touch(field),
      error: errorOf(field),
    }),
    markSubmitted: () => setSubmitted(true),
    setServerError: (field: F, message: string) => setServerErrors((s) => ({ ...s, [field]: message })),
  };
}

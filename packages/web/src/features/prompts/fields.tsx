import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-prompts.ts';

/** A labelled field: its error (doc 1 §8: under the field), a live counter, a hint. */
export function Field({
  id,
  label,
  error,
  counter,
  hint,
  testId,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  counter?: string;
  hint?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {counter ? (
          <span
            className="text-xs tabular-nums text-muted-foreground"
            data-testid={testId ? `${testId}-counter` : undefined}
          >
            {counter}
          </span>
        ) : null}
      </div>
      {children}
      {error ? (
        <p
          id={`${id}-error`}
          role="alert"
          className="mt-1 text-sm text-destructive"
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {error}
        </p>
      ) : hint ? (
        <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
      ) : null}
    </div>
  );
}

/** The list is hidden below 1024 px on a detail route: a way back to it. */
export function BackToList() {
  return (
    <Link
      to="/d/prompts"
      className="-ml-1 inline-flex h-8 w-fit items-center rounded-lg px-1 text-sm text-muted-foreground hover:text-foreground lg:hidden"
      data-testid="prompt-back-to-list"
    >
      ← {t('com_prompts_back_to_prompts')}
    </Link>
  );
}

import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import { inputClass } from './input.tsx';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'size'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  /** `lg` on the sign-in pages, `md` in dialogs. */
  size?: 'md' | 'lg';
  /** data-testid of the error line; `<name>-error` by default. */
  errorTestId?: string;
  /** A line under the field when there is no error to show. */
  hint?: ReactNode;
};

/**
 * A labelled input with its error under it (doc 1 §8: field errors appear under the fields). A
 * password field gets a show/hide toggle.
 */
export function TextField({
  label,
  name,
  value,
  onValueChange,
  error,
  size = 'lg',
  errorTestId,
  hint,
  type = 'text',
  className,
  ...rest
}: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const [reveal, setReveal] = useState(false);
  const isPassword = type === 'password';
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={isPassword && reveal ? 'text' : type}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(inputClass(size), 'w-full', isPassword && 'pr-12')}
          {...rest}
        />
        {isPassword ? (
          // An adornment inside the box, not a toolbar button: it keeps the field's own look.
          <button
            type="button"
            onClick={() => setReveal((r) => !r)}
            aria-label={reveal ? t('com_auth_hide_password') : t('com_auth_show_password')}
            className="absolute right-2 top-1/2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {reveal ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
          </button>
        ) : null}
      </div>
      {error ? (
        <p
          id={errorId}
          role="alert"
          className={cn('mt-1.5 text-destructive', size === 'lg' ? 'text-sm' : 'text-xs')}
          data-testid={errorTestId ?? (name ? `${name}-error` : undefined)}
        >
          {error}
        </p>
      ) : hint ? (
        <p className="mt-1.5 text-xs text-muted-foreground">{hint}</p>
      ) : null}
    </div>
  );
}

/** A message box above a form: an error, or a success. */
export function FormAlert({
  children,
  tone = 'error',
  testId,
}: {
  children: ReactNode;
  tone?: 'error' | 'success';
  testId?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn(
        'mb-5 rounded-xl border px-4 py-3 text-sm',
        tone === 'error'
          ? 'border-red-500/30 bg-red-500/10 text-red-800 dark:text-red-200'
          : 'border-emerald-500/30 bg-emerald-500/10 text-emerald-800 dark:text-emerald-200',
      )}
    >
      {children}
    </div>
  );
}

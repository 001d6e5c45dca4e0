import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import { inputClass } from './input.tsx';
import '../../i18n/en-auth.ts';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
};

/**
 * A labelled input with its error under it (doc 1 §8: field errors appear under the fields), in the
 * sign-in pages' large size; a password field gets a show/hide toggle. Dialogs use Input with
 * their own label: this component and its icons stay off the chat screen's first load.
 */
export function TextField({
  label,
  name,
  value,
  onValueChange,
  error,
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
          className={cn(inputClass('lg'), 'w-full', isPassword && 'pr-12')}
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
          className="mt-1.5 text-sm text-destructive"
          data-testid={`${name}-error`}
        >
          {error}
        </p>
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

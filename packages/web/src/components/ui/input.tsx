import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export type InputSize = 'sm' | 'md' | 'lg';

const box =
  'border border-input bg-background outline-none transition-colors ' +
  'focus:border-ring focus:ring-2 focus:ring-ring/25 disabled:opacity-50 ' +
  'aria-[invalid=true]:border-destructive aria-[invalid=true]:focus:border-destructive aria-[invalid=true]:focus:ring-destructive/20';

const sizes: Record<InputSize, string> = {
  /** Compact forms (the parameters panel). */
  sm: 'h-8 rounded-lg px-2 text-sm',
  /** Dialogs. */
  md: 'h-10 rounded-xl px-3 text-sm',
  /** The sign-in pages. */
  lg: 'h-12 rounded-xl px-4 text-base',
};

/**
 * The one look of a text box, for <input>, <select> and <textarea> alike (DESIGN §3): border,
 * focus ring, invalid state (aria-invalid) and disabled state. The caller sets the width.
 */
export function inputClass(size: InputSize = 'md'): string {
  return `${box} ${sizes[size]}`;
}

export function Input({
  size = 'md',
  className,
  ref,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & { size?: InputSize; ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={cn(inputClass(size), 'w-full', className)} {...props} />;
}

/** A multi-line box with the same look; its height comes from `rows`. */
export function Textarea({
  className,
  ref,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <textarea
      ref={ref}
      className={cn(box, 'w-full resize-none rounded-xl px-3 py-2 text-sm', className)}
      {...props}
    />
  );
}

import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn.ts';

export type ButtonVariant =
  | 'primary'
  | 'secondary'
  | 'ghost'
  | 'outline'
  | 'destructive'
  | 'subtle'
  | 'subtle-danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon' | 'icon-sm' | 'icon-xs';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary/85 disabled:bg-primary/40',
  secondary: 'bg-muted text-foreground hover:bg-accent-strong',
  ghost: 'text-foreground hover:bg-accent',
  outline: 'border border-border bg-background text-foreground hover:bg-accent',
  destructive: 'bg-destructive text-white hover:bg-destructive/90',
  /** Icon buttons in headers, toolbars and rows: muted until hovered; pressed or open shows as held. */
  subtle:
    'text-muted-foreground hover:bg-accent hover:text-foreground aria-pressed:bg-accent aria-pressed:text-foreground data-[state=open]:bg-accent data-[state=open]:text-foreground',
  'subtle-danger': 'text-muted-foreground hover:bg-accent hover:text-destructive',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 rounded-lg px-3 text-sm',
  md: 'h-10 gap-2 rounded-xl px-4 text-sm',
  lg: 'h-12 gap-2 rounded-xl px-5 text-base',
  icon: 'size-9 rounded-lg',
  'icon-sm': 'size-8 rounded-lg',
  'icon-xs': 'size-7 rounded-lg',
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
};

/** Button's classes, for the odd element that must look like one (a link opening a new tab). */
export function buttonClass({
  variant = 'ghost',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return cn(
    'inline-flex shrink-0 select-none items-center justify-center font-medium transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    className,
  );
}

/** The one button (DESIGN §3: primitives are wrapped once in components/ui). */
export function Button({ variant, size, className, type = 'button', ref, ...props }: ButtonProps) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size, className })} {...props} />;
}

import { Popover as Radix } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const Popover = Radix.Root;
export const PopoverTrigger = Radix.Trigger;
export const PopoverClose = Radix.Close;

export function PopoverContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof Radix.Content>) {
  return (
    <Radix.Portal>
      <Radix.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 w-72 rounded-2xl border border-border bg-popover p-3 text-popover-foreground shadow-lg outline-none animate-in-fade',
          className,
        )}
        {...props}
      />
    </Radix.Portal>
  );
}

import { X } from 'lucide-react';
import { Dialog as Radix } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export const Dialog = Radix.Root;
export const DialogTrigger = Radix.Trigger;
export const DialogClose = Radix.Close;

export function DialogContent({
  title,
  description,
  children,
  className,
  closeLabel,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  closeLabel: string;
}) {
  return (
    <Radix.Portal>
      <Radix.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] animate-in-fade" />
      <Radix.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 flex max-h-[85vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col',
          'rounded-2xl border border-border bg-popover text-popover-foreground shadow-2xl outline-none animate-in-zoom',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-border px-6 py-4">
          <div className="min-w-0">
            <Radix.Title className="text-lg font-semibold [overflow-wrap:anywhere]">{title}</Radix.Title>
            {description ? (
              <Radix.Description className="mt-1 text-sm text-muted-foreground [overflow-wrap:anywhere]">
                {description}
              </Radix.Description>
            ) : (
              <Radix.Description className="sr-only">{title}</Radix.Description>
            )}
          </div>
          <Radix.Close
            aria-label={closeLabel}
            className="-mr-2 rounded-lg p-1.5 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-5" />
          </Radix.Close>
        </div>
        <div className="overflow-y-auto px-6 py-4">{children}</div>
      </Radix.Content>
    </Radix.Portal>
  );
}

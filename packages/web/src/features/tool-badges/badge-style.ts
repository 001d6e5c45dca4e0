import { cn } from '../../lib/cn.ts';

/** A badge's look in the row: on (picked) or off. Shared by the toggle badges and the MCP badge. */
export const badgeClass = (on: boolean) =>
  cn(
    'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    on
      ? 'border-primary/40 bg-primary/10 text-foreground'
      : 'border-border text-muted-foreground hover:bg-accent hover:text-foreground',
  );

import { Blocks } from 'lucide-react';
import { type ComponentProps, forwardRef } from 'react';
import { t } from '../../i18n/t.ts';
import { badgeClass } from './badge-style.ts';

/** The button itself: label and how many servers are picked. The menu reuses it as its trigger. */
export const McpBadgeButton = forwardRef<HTMLButtonElement, { count: number } & ComponentProps<'button'>>(
  function McpBadgeButton({ count, ...props }, ref) {
    return (
      <button
        ref={ref}
        type="button"
        aria-haspopup="menu"
        data-testid="badge-mcp"
        className={badgeClass(count > 0)}
        {...props}
      >
        <Blocks className="size-4" aria-hidden />
        <span className="max-[420px]:sr-only">{t('com_ui_mcp_servers')}</span>
        {count > 0 ? (
          <span
            className="rounded-full bg-primary/15 px-1.5 text-xs tabular-nums"
            data-testid="badge-mcp-count"
          >
            {count}
          </span>
        ) : null}
      </button>
    );
  },
);

import { Bookmark, X } from 'lucide-react';
import { useState } from 'react';
import { useBookmarksAllowed, useConversationTags } from '../../api/tags.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import { useBookmarkFilter } from '../../store/bookmark-filter.ts';
import { TagCheckList } from './tag-check-list.tsx';

/**
 * The sidebar's bookmark filter (doc 1 §2, doc 3 §2): pick bookmarks to list only conversations
 * carrying any of them. Shown only with the bookmarks use permission.
 */
export function BookmarkFilter() {
  const allowed = useBookmarksAllowed();
  const [open, setOpen] = useState(false);
  const tags = useConversationTags(allowed);
  const selected = useBookmarkFilter((s) => s.tags);
  const toggle = useBookmarkFilter((s) => s.toggle);
  const clear = useBookmarkFilter((s) => s.clear);
  if (!allowed) return null;

  const active = selected.length > 0;
  return (
    <div className="flex shrink-0 items-center gap-1 px-2 pb-2">
      <DropdownMenu open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger asChild>
          <button
            type="button"
            data-testid="bookmark-filter-button"
            className={cn(
              'flex h-9 min-w-0 flex-1 items-center gap-2.5 rounded-lg px-2.5 text-sm transition-colors hover:bg-sidebar-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-sidebar-accent',
              active ? 'font-medium text-foreground' : 'text-muted-foreground',
            )}
          >
            <Bookmark className={cn('size-[18px] shrink-0', active && 'fill-current')} />
            <span className="truncate">
              {active ? selected.join(', ') : t('com_ui_bookmarks_filter_sidebar')}
            </span>
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-[min(15rem,calc(100vw-1.5rem))]">
          <DropdownMenuLabel>{t('com_ui_bookmarks_filter_sidebar')}</DropdownMenuLabel>
          <TagCheckList
            tags={tags.data ?? []}
            loading={tags.isPending}
            checked={selected}
            onToggle={(tag) => toggle(tag)}
            itemTestId="bookmark-filter-item"
          />
          {active ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={clear} data-testid="bookmark-filter-clear">
                <X />
                {t('com_ui_bookmarks_filter_clear')}
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {active ? (
        <IconButton
          label={t('com_ui_bookmarks_filter_clear')}
          tooltipSide="right"
          onClick={clear}
          data-testid="bookmark-filter-reset"
        >
          <X className="size-4" />
        </IconButton>
      ) : null}
    </div>
  );
}

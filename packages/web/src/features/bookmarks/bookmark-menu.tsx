import { Bookmark, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useConversationTags, useSetConvoTags } from '../../api/tags.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import { BookmarkDialog } from './lazy-bookmark-dialog.ts';
import { TagCheckList } from './tag-check-list.tsx';

/**
 * The chat header's bookmark menu for the open conversation: every bookmark with a check box
 * (checked = the conversation carries it) and "New Bookmark", which adds the new tag at once.
 */
export function BookmarkMenu({
  conversationId,
  tags,
}: {
  conversationId: string;
  /** The conversation's tags. */
  tags: readonly string[];
}) {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const all = useConversationTags(open);
  const setTags = useSetConvoTags(conversationId);
  const tagged = tags.length > 0;

  const toggle = (tag: string, checked: boolean) => {
    const next = checked ? [...tags.filter((x) => x !== tag), tag] : tags.filter((x) => x !== tag);
    setTags.mutate(next, { onError: () => toast.error(t('com_ui_bookmarks_update_error')) });
  };

  return (
    <>
      <DropdownMenu open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="subtle"
            size="icon"
            data-testid="bookmark-menu-button"
            data-tagged={tagged ? 'true' : undefined}
            aria-label={t('com_ui_bookmarks_menu')}
            title={t('com_ui_bookmarks_menu')}
            className="data-[tagged=true]:text-foreground"
          >
            {setTags.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <Bookmark className={cn('size-5', tagged && 'fill-current')} />
            )}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          className="w-[min(18rem,calc(100vw-1.5rem))]"
          data-testid="bookmark-menu"
        >
          <DropdownMenuLabel>{t('com_ui_bookmarks')}</DropdownMenuLabel>
          <TagCheckList
            tags={all.data ?? []}
            loading={all.isPending}
            checked={tags}
            onToggle={toggle}
            itemTestId="bookmark-menu-item"
          />
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => setTimeout(() => setCreating(true), 0)}
            data-testid="bookmark-menu-new"
          >
            <Plus />
            {t('com_ui_bookmarks_new')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <BookmarkDialog open={creating} onOpenChange={setCreating} conversationId={conversationId} />
    </>
  );
}

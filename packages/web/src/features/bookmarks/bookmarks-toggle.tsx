import { Tags } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { t } from '../../i18n/t.ts';
import { useOpenedOnce } from '../../lib/lazy-on-open.tsx';
import { useSidePanel } from '../../store/side-panel.ts';

// The panel, its table and dialogs load when first opened, off /chat/new's critical path.
const BookmarksPanel = lazy(() => import('./bookmarks-panel.tsx'));

/** The header button that opens the bookmarks side panel. */
export function BookmarksToggle() {
  const open = useSidePanel((s) => s.active === 'bookmarks');
  const toggle = useSidePanel((s) => s.toggle);
  return (
    <IconButton
      label={t('com_ui_bookmarks')}
      tooltipSide="bottom"
      onClick={() => toggle('bookmarks')}
      aria-pressed={open}
      data-testid="bookmarks-panel-button"
    >
      <Tags className="size-5" />
    </IconButton>
  );
}

/** The bookmarks panel once it has been opened (it stays mounted, keeping its page and filter). */
export function BookmarksSidePanel({ conversationId }: { conversationId: string | null }) {
  const open = useSidePanel((s) => s.active === 'bookmarks');
  if (!useOpenedOnce(open)) return null;
  return (
    <Suspense fallback={null}>
      <BookmarksPanel conversationId={conversationId} />
    </Suspense>
  );
}

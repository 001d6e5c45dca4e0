import { ChevronLeft, ChevronRight } from 'lucide-react';
import { t } from '../../../i18n/t.ts';
import { selectSibling, type TreeStore, useSiblings } from '../store/message-tree.ts';
import { siblingPosition } from '../tree.ts';

const navButton =
  'inline-flex size-7 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground disabled:pointer-events-none disabled:opacity-40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** "n / total" with previous/next, shown when a message has siblings (doc 2 §4.11). */
export function SiblingNav({
  store,
  parentId,
  disabled,
}: {
  store: TreeStore;
  parentId: string;
  disabled?: boolean;
}) {
  const { count, choice } = useSiblings(store, parentId);
  if (count <= 1) return null;
  const { index, total } = siblingPosition(count, choice);
  return (
    <div className="flex items-center text-xs text-muted-foreground">
      <button
        type="button"
        className={navButton}
        aria-label={t('com_ui_previous')}
        disabled={disabled || index <= 1}
        onClick={() => selectSibling(store, parentId, index - 2)}
      >
        <ChevronLeft className="size-4" />
      </button>
      <span className="min-w-9 text-center tabular-nums" data-testid="sibling-counter">
        {t('com_ui_sibling_count', { index, total })}
      </span>
      <button
        type="button"
        className={navButton}
        aria-label={t('com_ui_next')}
        disabled={disabled || index >= total}
        onClick={() => selectSibling(store, parentId, index)}
      >
        <ChevronRight className="size-4" />
      </button>
    </div>
  );
}

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { t } from '../../../i18n/t.ts';
import { selectSibling, type TreeStore, useSiblings } from '../store/message-tree.ts';
import { siblingPosition } from '../tree.ts';

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
      <IconButton
        label={t('com_ui_previous')}
        size="icon-xs"
        disabled={disabled || index <= 1}
        onClick={() => selectSibling(store, parentId, index - 2)}
      >
        <ChevronLeft className="size-4" />
      </IconButton>
      <span className="min-w-9 text-center tabular-nums" data-testid="sibling-counter">
        {t('com_ui_sibling_count', { index, total })}
      </span>
      <IconButton
        label={t('com_ui_next')}
        size="icon-xs"
        disabled={disabled || index >= total}
        onClick={() => selectSibling(store, parentId, index)}
      >
        <ChevronRight className="size-4" />
      </IconButton>
    </div>
  );
}

import type { ConversationTag } from '@parley/schema';
import { DropdownMenuCheckboxItem } from '../../components/ui/dropdown-menu.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

/** The bookmarks as ticked menu items with their counts; the menu stays open to tick several. */
export function TagCheckList({
  tags,
  loading,
  checked,
  onToggle,
  itemTestId,
}: {
  tags: readonly ConversationTag[];
  loading: boolean;
  checked: readonly string[];
  onToggle: (tag: string, checked: boolean) => void;
  itemTestId: string;
}) {
  return (
    <div className="max-h-[min(50vh,20rem)] overflow-y-auto">
      {loading ? (
        <div className="flex justify-center py-3">
          <Spinner className="size-4" />
        </div>
      ) : null}
      {tags.map((tag) => (
        <DropdownMenuCheckboxItem
          key={tag.tag}
          checked={checked.includes(tag.tag)}
          onCheckedChange={(value) => onToggle(tag.tag, value === true)}
          onSelect={(e) => e.preventDefault()}
          data-testid={itemTestId}
          data-tag={tag.tag}
        >
          <span className="min-w-0 flex-1 truncate">{tag.tag}</span>
          <span className="text-xs tabular-nums text-muted-foreground">{tag.count}</span>
        </DropdownMenuCheckboxItem>
      ))}
    </div>
  );
}

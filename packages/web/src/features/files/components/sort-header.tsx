import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { FileSort } from '../use-files-page.ts';

/** A sortable column header cell: shows the direction when it is the sort, and says so to readers. */
export function SortHeader({
  label,
  column,
  sort,
  onSort,
  testId,
  className,
}: {
  label: string;
  column: FileSort['sortBy'];
  sort: FileSort;
  onSort: (column: FileSort['sortBy']) => void;
  testId: string;
  className?: string;
}) {
  const active = sort.sortBy === column;
  const Icon = !active ? ArrowUpDown : sort.sortDirection === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={className}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        data-testid={testId}
        className="inline-flex items-center gap-1 rounded-md px-1 py-0.5 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {label}
        <Icon className="size-3.5" aria-hidden />
      </button>
    </th>
  );
}

import type { Prompt } from '@parley/schema';
import { useEffect, useId, useMemo, useState } from 'react';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-prompts.ts';
import { cn } from '../../lib/cn.ts';
import { type DiffRow, diffStats, sideBySide } from './line-diff.ts';
import { formatVersionDate, versionNumber } from './versions.ts';

/**
 * Two versions side by side (issue 18 point 5, beyond the spec): the older on the left, the newer
 * on the right, removed and added lines marked. Opens on the selected version against the one
 * before it.
 */
export function CompareDialog({
  versions,
  selectedIndex,
  open,
  onOpenChange,
}: {
  versions: Prompt[];
  selectedIndex: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const total = versions.length;
  const [newer, setNewer] = useState(0);
  const [older, setOlder] = useState(1);
  const olderId = useId();
  const newerId = useId();
  useEffect(() => {
    if (!open) return;
    const n = Math.min(selectedIndex, Math.max(total - 2, 0));
    setNewer(n);
    setOlder(Math.min(n + 1, total - 1));
  }, [open, selectedIndex, total]);

  const left = versions[older]?.prompt ?? '';
  const right = versions[newer]?.prompt ?? '';
  const rows = useMemo(() => sideBySide(left, right), [left, right]);
  const stats = diffStats(rows);
  const option = (v: Prompt, i: number) => (
    <option key={v._id} value={i}>
      {t('com_prompts_version_n', { 0: versionNumber(total, i) })} · {formatVersionDate(v.createdAt)}
    </option>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('com_prompts_compare')} closeLabel={t('com_ui_close')} className="sm:max-w-5xl">
        <div className="flex flex-col gap-3" data-testid="prompt-compare-dialog">
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <label htmlFor={olderId} className="flex min-w-0 flex-col gap-1 text-xs text-muted-foreground">
              {t('com_prompts_compare_older')}
              <select
                id={olderId}
                value={older}
                onChange={(e) => setOlder(Number(e.target.value))}
                className={cn(inputClass('md'), 'w-full text-foreground')}
                data-testid="prompt-compare-older"
              >
                {versions.map(option)}
              </select>
            </label>
            <label htmlFor={newerId} className="flex min-w-0 flex-col gap-1 text-xs text-muted-foreground">
              {t('com_prompts_compare_newer')}
              <select
                id={newerId}
                value={newer}
                onChange={(e) => setNewer(Number(e.target.value))}
                className={cn(inputClass('md'), 'w-full text-foreground')}
                data-testid="prompt-compare-newer"
              >
                {versions.map(option)}
              </select>
            </label>
          </div>
          <p className="text-xs text-muted-foreground" data-testid="prompt-compare-stats">
            {stats.added === 0 && stats.removed === 0
              ? t('com_prompts_compare_same')
              : t('com_prompts_compare_stats', { 0: stats.added, 1: stats.removed })}
          </p>
          <DiffTable rows={rows} />
        </div>
      </DialogContent>
    </Dialog>
  );
}

const CELL = 'min-w-0 whitespace-pre-wrap px-2 py-0.5 font-mono text-xs leading-5 [overflow-wrap:anywhere]';

function DiffTable({ rows }: { rows: DiffRow[] }) {
  return (
    <div className="overflow-hidden rounded-xl border border-border" data-testid="prompt-diff">
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed diff
        <div key={i} className="grid grid-cols-2 divide-x divide-border">
          <div
            className={cn(
              CELL,
              row.left?.kind === 'removed' && 'bg-red-500/10 text-red-800 dark:text-red-200',
              !row.left && 'bg-muted/40',
            )}
            data-kind={row.left?.kind ?? 'blank'}
          >
            {row.left ? (
              <>
                <span className="mr-2 select-none text-muted-foreground">
                  {row.left.kind === 'removed' ? '−' : ' '}
                </span>
                {row.left.text}
              </>
            ) : null}
          </div>
          <div
            className={cn(
              CELL,
              row.right?.kind === 'added' && 'bg-green-500/10 text-green-800 dark:text-green-200',
              !row.right && 'bg-muted/40',
            )}
            data-kind={row.right?.kind ?? 'blank'}
          >
            {row.right ? (
              <>
                <span className="mr-2 select-none text-muted-foreground">
                  {row.right.kind === 'added' ? '+' : ' '}
                </span>
                {row.right.text}
              </>
            ) : null}
          </div>
        </div>
      ))}
    </div>
  );
}

import { useMemo, useState } from 'react';
import { useUsage } from '../../api/admin.ts';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-admin.ts';

const DAY = 86_400_000;
const PERIODS = [1, 7, 30, 90, 365];

/** Token usage per user or per model over the last N days (GET /api/admin/usage). */
export function UsagePanel() {
  const [days, setDays] = useState(30);
  const [groupBy, setGroupBy] = useState<'user' | 'model'>('user');
  // The period end is fixed when the choice changes, so the query key is stable between renders.
  const period = useMemo(() => {
    const to = Date.now() + 1;
    return { from: to - days * DAY, to };
  }, [days]);
  const usage = useUsage({ ...period, groupBy });
  const rows = usage.data?.rows ?? [];
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <select
          aria-label={t('com_admin_period')}
          data-testid="usage-period"
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
          className="rounded-md border border-border bg-background px-2 py-1"
        >
          {PERIODS.map((d) => (
            <option key={d} value={d}>
              {t('com_admin_last_days', { days: d })}
            </option>
          ))}
        </select>
        <select
          aria-label={t('com_admin_group_by')}
          data-testid="usage-group"
          value={groupBy}
          onChange={(e) => setGroupBy(e.target.value as 'user' | 'model')}
          className="rounded-md border border-border bg-background px-2 py-1"
        >
          <option value="user">{t('com_admin_per_user')}</option>
          <option value="model">{t('com_admin_per_model')}</option>
        </select>
      </div>
      <table className="w-full text-sm" data-testid="usage-table">
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className="pb-2 font-medium">
              {groupBy === 'user' ? t('com_admin_user') : t('com_admin_model')}
            </th>
            <th className="pb-2 text-right font-medium">{t('com_admin_prompt_tokens')}</th>
            <th className="pb-2 text-right font-medium">{t('com_admin_completion_tokens')}</th>
            <th className="pb-2 text-right font-medium">{t('com_admin_replies')}</th>
            <th className="pb-2 text-right font-medium">{t('com_admin_credits')}</th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-border/60">
              <td className="py-2">{r.label}</td>
              <td className="py-2 text-right">{r.promptTokens.toLocaleString()}</td>
              <td className="py-2 text-right">{r.completionTokens.toLocaleString()}</td>
              <td className="py-2 text-right">{r.replies.toLocaleString()}</td>
              <td className="py-2 text-right">{r.credits.toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!usage.isLoading && rows.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{t('com_admin_no_usage')}</p>
      ) : null}
    </section>
  );
}

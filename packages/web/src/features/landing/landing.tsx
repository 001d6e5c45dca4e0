import { useEffect, useState } from 'react';
import { t } from '../../i18n/t.ts';
import { greetingKey } from '../../lib/greeting.ts';
import { QUICK_STARTS, quickStartText } from './quick-starts.ts';

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The landing view of an empty chat: a greeting by time of day and the quick starts. */
export function Landing({
  userName,
  customWelcome,
  onQuickStart,
}: {
  userName: string | null;
  customWelcome?: string;
  onQuickStart: (text: string) => void;
}) {
  const now = useNow(60_000);
  const name = userName?.trim() || null;
  const greeting = customWelcome
    ? customWelcome.replace(/\{\{\s*user\.name\s*\}\}/g, name ?? '')
    : t(greetingKey(now, name !== null), name ? { name } : undefined);
  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-10 text-center sm:px-6"
      data-testid="landing"
    >
      <h1
        className="text-balance text-2xl font-semibold tracking-tight sm:text-[28px]"
        data-testid="greeting"
      >
        {greeting}
      </h1>
      <p className="mt-2 text-base text-muted-foreground">{t('com_landing_subtitle')}</p>
      <div className="mt-8 flex max-w-2xl flex-wrap justify-center gap-2">
        {QUICK_STARTS.map(({ id, label, stem, icon: Icon, tint }) => (
          <button
            key={id}
            type="button"
            data-testid={`quick-start-${id}`}
            onClick={() => onQuickStart(quickStartText(t(stem)))}
            className="inline-flex h-10 items-center gap-2 rounded-full border border-border bg-background px-4 text-sm text-foreground/90 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Icon className={`size-4 ${tint}`} />
            {t(label)}
          </button>
        ))}
      </div>
    </div>
  );
}

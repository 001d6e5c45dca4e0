import { Brain, ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import { t } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';
import { usePreferences } from '../../../store/preferences.ts';

/**
 * The collapsible "Thoughts" section above an answer (doc 2 §4.13). Until the user toggles it,
 * it is open while the reply streams and closed after; a toggle is stored as `showThinking`.
 */
export function Thinking({
  text,
  streaming,
  answering,
}: {
  text: string;
  streaming: boolean;
  answering: boolean;
}) {
  const preference = usePreferences((s) => s.showThinking);
  const setPreference = usePreferences((s) => s.setPreference);
  const open = preference ?? streaming;
  const panelId = useId();
  const thinkingNow = streaming && !answering;
  return (
    <div className="mb-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setPreference('showThinking', !open)}
        className="group inline-flex items-center gap-1.5 rounded-lg py-1 pr-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Brain className={cn('size-4', thinkingNow && 'animate-pulse')} />
        <span>{thinkingNow ? t('com_ui_thinking') : t('com_ui_thoughts')}</span>
        <ChevronDown className={cn('size-4 transition-transform', open ? 'rotate-0' : '-rotate-90')} />
      </button>
      {open ? (
        <div
          id={panelId}
          className="mt-2 border-l-2 border-border pl-4 text-[0.925em] text-muted-foreground"
          data-testid="thinking"
        >
          <Markdown text={text} streaming={streaming} />
        </div>
      ) : null}
    </div>
  );
}

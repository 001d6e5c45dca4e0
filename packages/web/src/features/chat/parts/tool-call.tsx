import type { ToolCall } from '@parley/schema';
import {
  Ban,
  ChevronDown,
  CircleAlert,
  CircleCheck,
  ExternalLink,
  Hourglass,
  ShieldAlert,
} from 'lucide-react';
import { memo, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { actionOfSignInLink, bindActionSignIn } from '../../../api/actions.ts';
import { CodeBlock } from '../../../components/markdown/code-block.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { t } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';
import { usePreferences } from '../../../store/preferences.ts';
import { Attachments } from './attachments.tsx';
import { safeLinkHref } from './safe-src.ts';
import { type ToolCallState, toolCallStatus } from './tool-call-state.ts';
import { type ToolCallView, toolCallView } from './tool-call-view.ts';

function label(view: ToolCallView, state: ToolCallState): string {
  const name = view.code ? t('com_ui_tool_code') : view.name;
  if (state === 'running') return t('com_ui_tool_running', { name });
  if (state === 'error') return t('com_ui_tool_error', { name });
  if (state === 'waiting') return t('com_ui_tool_approval_waiting', { name });
  if (state === 'denied') return t('com_ui_tool_denied', { name });
  return view.domain ? t('com_ui_tool_talked', { domain: view.domain }) : t('com_ui_tool_finished', { name });
}

/** The link a tool asks the user to sign in with, naming the site, and a trust warning. */
function SignIn({ url }: { url: URL }) {
  // An action's link: bind this browser to the user first (the callback checks it).
  const href = url.href;
  useEffect(() => {
    const actionId = actionOfSignInLink(new URL(href));
    if (actionId) bindActionSignIn(actionId).catch(() => {});
  }, [href]);
  return (
    <div
      data-testid="tool-call-auth"
      className="mt-2 flex flex-col gap-1.5 rounded-xl border border-amber-500/30 bg-amber-500/10 px-3.5 py-2.5 text-sm"
    >
      <a
        href={url.href}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="tool-call-sign-in"
        className="inline-flex w-fit items-center gap-1.5 font-medium text-foreground underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {t('com_ui_tool_sign_in', { domain: url.hostname })}
        <ExternalLink className="size-3.5" aria-hidden />
      </a>
      <p className="flex items-start gap-1.5 text-xs text-amber-900 dark:text-amber-200">
        <ShieldAlert className="mt-px size-3.5 shrink-0" aria-hidden />
        {t('com_ui_tool_trust_warning')}
      </p>
    </div>
  );
}

/** How far a running tool got (what it reports, from 0.1 at its start): a thin bar under the label. */
function ToolProgress({ value, name }: { value: number; name: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={t('com_ui_tool_progress', { name })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid="tool-call-progress"
      className="mt-1 h-1 w-48 max-w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className="h-full rounded-full bg-primary/60 transition-[width] duration-300 motion-reduce:transition-none"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1">
      <h4 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{title}</h4>
      {children}
    </section>
  );
}

const preClass =
  'max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-muted px-3 py-2 font-mono text-[0.8em] leading-relaxed';

/**
 * A tool call (doc 2 §4.12): a one-line state label that expands to the call's input and output.
 * Code runs show their code, expanded by default when the `showCode` preference is on.
 */
export const ToolCallBlock = memo(function ToolCallBlock({
  call,
  isSubmitting,
}: {
  call: ToolCall;
  isSubmitting: boolean;
}) {
  const view = useMemo(() => toolCallView(call), [call]);
  const { state, needsAuth } = toolCallStatus(view, isSubmitting);
  const showCode = usePreferences((s) => s.showCode);
  // null until the user toggles this block: then it follows the preference.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const panelId = useId();
  const hasDetails = Boolean(view.code || view.args || view.output);
  const open = hasDetails && (toggled ?? (view.code !== null && showCode));
  const authUrl = needsAuth ? safeLinkHref(view.auth) : null;
  return (
    <div data-testid="tool-call" data-state={state} className="my-2">
      <button
        type="button"
        aria-expanded={hasDetails ? open : undefined}
        aria-controls={hasDetails && open ? panelId : undefined}
        disabled={!hasDetails}
        onClick={() => setToggled(!open)}
        data-testid="tool-call-toggle"
        className={cn(
          'group inline-flex max-w-full items-center gap-2 rounded-lg py-1 pr-2 text-sm font-medium text-muted-foreground transition-colors',
          'enabled:hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          state === 'error' && 'text-red-700 dark:text-red-300',
        )}
      >
        {state === 'running' ? (
          <Spinner className="size-4" />
        ) : state === 'error' ? (
          <CircleAlert className="size-4 shrink-0" aria-hidden />
        ) : state === 'waiting' ? (
          <Hourglass className="size-4 shrink-0" aria-hidden />
        ) : state === 'denied' ? (
          <Ban className="size-4 shrink-0" aria-hidden />
        ) : (
          <CircleCheck className="size-4 shrink-0" aria-hidden />
        )}
        <span
          data-testid="tool-call-label"
          className={cn('truncate', state === 'running' && 'animate-pulse')}
        >
          {label(view, state)}
        </span>
        {hasDetails ? (
          <ChevronDown
            className={cn('size-4 shrink-0 transition-transform', open ? 'rotate-0' : '-rotate-90')}
            aria-hidden
          />
        ) : null}
      </button>
      {state === 'running' ? <ToolProgress value={view.progress} name={view.name} /> : null}
      {authUrl ? <SignIn url={authUrl} /> : null}
      {open ? (
        <div
          id={panelId}
          data-testid="tool-call-details"
          className="mt-2 flex flex-col gap-3 border-l-2 border-border pl-4 text-sm"
        >
          {view.code ? (
            <CodeBlock code={view.code.source} lang={view.code.lang} complete={state !== 'running'} />
          ) : view.args ? (
            <Section title={t('com_ui_tool_input')}>
              <pre className={preClass} data-testid="tool-call-args">
                {view.args}
              </pre>
            </Section>
          ) : null}
          {view.output ? (
            <Section title={t('com_ui_tool_output')}>
              <pre className={preClass} data-testid="tool-call-output">
                {view.output}
              </pre>
            </Section>
          ) : null}
        </div>
      ) : null}
      {view.attachments.length > 0 ? (
        <div className="mt-2">
          <Attachments files={view.attachments} />
        </div>
      ) : null}
    </div>
  );
});

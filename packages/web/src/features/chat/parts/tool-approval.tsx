import type { ToolCall } from '@parley/schema';
import { Check, ShieldQuestion, X } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { t } from '../../../i18n/t.ts';
import { toolCallView } from './tool-call-view.ts';

/** Answers a waiting call: approve (true) or deny (false). Returns false when it was not sent. */
export type ApprovalHandler = (toolCallId: string, approved: boolean) => boolean;

/**
 * A tool call the agent run waits on (tool approval, beyond the spec): what the tool is and the
 * arguments it would run with, and Approve / Deny. The run goes on once answered; without a
 * handler (a read-only view, another reply streaming) it only shows that it waits.
 */
export const ToolApproval = memo(function ToolApproval({
  call,
  onAnswer,
}: {
  call: ToolCall;
  onAnswer?: ApprovalHandler;
}) {
  const view = useMemo(() => toolCallView(call), [call]);
  // Answered here: the buttons stay disabled until the run's stream takes over the reply.
  const [sent, setSent] = useState(false);
  const answer = (approved: boolean) => {
    if (!onAnswer || sent) return;
    if (onAnswer(call.id, approved)) setSent(true);
  };
  const args = view.code?.source ?? view.args;
  return (
    <section
      data-testid="tool-approval"
      aria-label={t('com_ui_tool_approval_title', { name: view.name })}
      className="my-2 flex flex-col gap-2.5 rounded-xl border border-border bg-muted/40 px-4 py-3 text-sm"
    >
      <p className="flex items-center gap-2 font-medium">
        <ShieldQuestion className="size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
        <span data-testid="tool-approval-title">{t('com_ui_tool_approval_title', { name: view.name })}</span>
      </p>
      {args ? (
        <pre
          data-testid="tool-approval-args"
          className="max-h-60 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-muted px-3 py-2 font-mono text-[0.8em] leading-relaxed"
        >
          {args}
        </pre>
      ) : (
        <p className="text-muted-foreground">{t('com_ui_tool_approval_no_args')}</p>
      )}
      {onAnswer ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="primary"
            size="sm"
            disabled={sent}
            onClick={() => answer(true)}
            data-testid="tool-approval-approve"
          >
            <Check className="size-4" aria-hidden />
            {t('com_ui_tool_approve')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={sent}
            onClick={() => answer(false)}
            data-testid="tool-approval-deny"
          >
            <X className="size-4" aria-hidden />
            {t('com_ui_tool_deny')}
          </Button>
        </div>
      ) : (
        <p className="text-muted-foreground" data-testid="tool-approval-waiting">
          {t('com_ui_tool_approval_waiting', { name: view.name })}
        </p>
      )}
    </section>
  );
});

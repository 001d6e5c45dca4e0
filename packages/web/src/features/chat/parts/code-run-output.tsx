import type { CallToolResult, CodeRunOutcome } from '@parley/schema';
import { CircleAlert, CircleCheck, Clock, OctagonX } from 'lucide-react';
import { t } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';
import { Attachments } from './attachments.tsx';
import '../../../i18n/en-code-run.ts';

/** "850 ms" under a second, else "1.2 s". */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** How the run ended, in words, and whether that is a failure. */
function statusOf(run: CodeRunOutcome): { text: string; failed: boolean } {
  switch (run.status) {
    case 'ok':
      return { text: t('com_code_run_ok', { duration: formatDuration(run.durationMs) }), failed: false };
    case 'error':
      return {
        text:
          run.exitCode !== null ? t('com_code_run_exit', { code: run.exitCode }) : t('com_code_run_failed'),
        failed: true,
      };
    case 'timeout':
      return { text: t('com_code_run_timeout'), failed: true };
    case 'killed':
      return { text: t('com_code_run_killed'), failed: true };
    case 'aborted':
      return { text: t('com_code_run_aborted'), failed: true };
  }
}

const STATUS_ICON = {
  ok: CircleCheck,
  error: CircleAlert,
  timeout: Clock,
  killed: OctagonX,
  aborted: OctagonX,
};

/** What the run printed, or (`error`) its standard error in the error colour. */
function Stream({ text, error }: { text: string; error?: boolean }) {
  return (
    <div>
      <h4 className="sr-only">{error ? t('com_code_run_stderr') : t('com_code_run_stdout')}</h4>
      <pre
        data-testid={error ? 'code-run-stderr' : 'code-run-stdout'}
        className={cn(
          'max-h-80 overflow-auto whitespace-pre-wrap break-words font-mono text-[0.85em] leading-relaxed',
          error && 'text-destructive',
        )}
      >
        {text}
      </pre>
    </div>
  );
}

/**
 * A run's result under its code block (doc 2 §4.14): what it printed, its errors in the error
 * colour, how it ended (exit code, timeout, a limit; the sandbox's reason beside it), a note when
 * the output was cut, and the files it made — images inline, others as downloads from the file
 * store ('download expired' past their expiry, doc 2 §4.15). A record without the structured
 * outcome (LibreChat's) shows its result text.
 */
export default function CodeRunOutput({ record }: { record: CallToolResult }) {
  const run = record.run;
  const stdout = run ? run.stdout : record.result;
  const stderr = run?.stderr ?? '';
  const status = run ? statusOf(run) : null;
  const Icon = run ? STATUS_ICON[run.status] : null;
  return (
    <section
      data-testid="code-run-output"
      aria-label={t('com_code_run_output')}
      className="flex flex-col gap-2 border-t border-border bg-background/60 px-4 py-3 text-sm"
    >
      {stdout ? <Stream text={stdout} /> : null}
      {stderr ? <Stream text={stderr} error /> : null}
      {!stdout && !stderr && record.attachments.length === 0 ? (
        <p className="text-muted-foreground">{t('com_code_run_no_output')}</p>
      ) : null}
      {run?.truncated ? (
        <p data-testid="code-run-truncated" className="text-xs text-muted-foreground">
          {t('com_code_run_truncated')}
        </p>
      ) : null}
      {record.attachments.length > 0 ? (
        <div>
          <h4 className="sr-only">{t('com_code_run_files')}</h4>
          <Attachments files={record.attachments} />
        </div>
      ) : null}
      {status && Icon ? (
        <p
          data-testid="code-run-status"
          data-status={run?.status}
          className={cn(
            'flex flex-wrap items-center gap-x-1.5 text-xs',
            status.failed ? 'text-destructive' : 'text-muted-foreground',
          )}
        >
          <Icon className="size-3.5 shrink-0" aria-hidden />
          <span>{status.text}</span>
          {run?.reason ? <span className="text-muted-foreground">· {run.reason}</span> : null}
        </p>
      ) : null}
    </section>
  );
}

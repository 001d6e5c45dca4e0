import type { CodeRunOutcome, ToolCallAttachment } from '@parley/schema';
import { SANDBOX_WORKDIR } from './native.ts';
import type { RunResult } from './types.ts';

/** The structured outcome the run button shows (schema CodeRunOutcome). */
export function runOutcome(run: RunResult): CodeRunOutcome {
  return {
    status: run.status,
    exitCode: run.exitCode,
    stdout: run.stdout,
    stderr: run.stderr,
    truncated: run.truncated,
    ...(run.reason ? { reason: run.reason } : {}),
    durationMs: run.durationMs,
  };
}

/** How a run ended, in words, when not a clean exit. */
function ending(run: RunResult): string | null {
  if (run.status === 'ok') return null;
  const code = run.exitCode !== null ? ` (exit code ${run.exitCode})` : '';
  return run.reason ? `${run.reason}${code}` : `The run ended with status ${run.status}${code}.`;
}

/** LibreChat's text form of a run (a tool-call record's `result`): what it printed, then any error. */
export function resultText(run: RunResult): string {
  return [run.stdout.trimEnd(), run.stderr.trimEnd(), ending(run) ?? ''].filter(Boolean).join('\n');
}

/**
 * What the model gets back from execute_code: the status, stdout and stderr under labels, and the
 * names of the files the run produced (the user sees them under the call; the model needs only to
 * know they exist), plus files that were not copied in or not kept, with why.
 */
export function modelOutput(
  run: RunResult,
  attachments: readonly ToolCallAttachment[],
  notes: readonly string[],
) {
  const lines = [`status: ${run.status}${run.exitCode !== null ? ` (exit code ${run.exitCode})` : ''}`];
  const end = ending(run);
  if (end) lines.push(end);
  lines.push(`stdout:\n${run.stdout.trimEnd() || '(empty)'}`);
  if (run.stderr.trim()) lines.push(`stderr:\n${run.stderr.trimEnd()}`);
  if (run.truncated) lines.push('(output was cut at the size limit)');
  if (attachments.length > 0)
    lines.push(
      `Files produced (in ${SANDBOX_WORKDIR}; they are shown to the user with this call, so do not link them): ${attachments.map((a) => a.filename).join(', ')}`,
    );
  if (notes.length > 0) lines.push(`Notes:\n${notes.map((n) => `- ${n}`).join('\n')}`);
  return lines.join('\n');
}

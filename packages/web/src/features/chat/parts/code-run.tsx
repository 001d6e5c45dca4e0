import { type AvailableTool, RUN_CODE_THROTTLE_MS } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { recordOf, useToolCalls } from '../../../api/code-run.ts';
import {
  type CodeRunBlockProps,
  CodeRunContext,
  type CodeRunHost,
} from '../../../components/markdown/code-run-context.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { t } from '../../../i18n/t.ts';
import '../../../i18n/en-code-run.ts';

/*
 * The run button and result of a reply's code blocks (doc 2 §4.14), given to the markdown through
 * CodeRunContext. What loads with every reply is this file only: the call (code-run-action.ts)
 * loads on the first click, the result view (code-run-output.tsx) once a block has a result.
 */

const CodeRunOutput = lazy(() => import('./code-run-output.tsx'));
const ToolKeyDialog = lazy(() => import('../../../components/tool-key-dialog.tsx'));

/** Run, throttled (1000 ms, leading) and disabled with a spinner while the run lasts. */
function RunButton(props: CodeRunBlockProps) {
  const client = useQueryClient();
  const [running, setRunning] = useState(false);
  // The code execution tool waits for the user's keys: its key dialog (doc 2 §4.14).
  const [keysFor, setKeysFor] = useState<AvailableTool | null>(null);
  const lastRun = useRef(Number.NEGATIVE_INFINITY);

  const run = async () => {
    setRunning(true);
    try {
      const { runCodeBlock } = await import('./code-run-action.ts');
      const outcome = await runCodeBlock(client, props);
      if (outcome.needsKeys) setKeysFor(outcome.needsKeys);
    } catch {
      // The action toasts the call's own errors; this is its module failing to load.
      toast.error(t('com_code_run_error'));
    } finally {
      setRunning(false);
    }
  };
  const onClick = () => {
    const now = Date.now();
    if (running || now - lastRun.current < RUN_CODE_THROTTLE_MS) return;
    lastRun.current = now;
    void run();
  };

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        disabled={running}
        aria-busy={running || undefined}
        aria-label={running ? t('com_code_running') : t('com_code_run_label', { lang: props.lang })}
        data-testid="code-run"
        className="inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-progress disabled:opacity-70"
      >
        {running ? <Spinner className="size-3.5" /> : <Play className="size-3.5" aria-hidden />}
        <span>{running ? t('com_code_running') : t('com_code_run')}</span>
      </button>
      {keysFor ? (
        <Suspense fallback={null}>
          <ToolKeyDialog
            tool={keysFor}
            open
            onOpenChange={(open) => {
              if (!open) setKeysFor(null);
            }}
            onSaved={() => {
              // The keys were what the click waited for: run it now.
              setKeysFor(null);
              lastRun.current = Date.now();
              void run();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The block's stored (or just made) result, under it; the conversation's records load once. */
function RunResult({ target, blockIndex }: CodeRunBlockProps) {
  const calls = useToolCalls(target.conversationId);
  const record = recordOf(calls.data, { ...target, blockIndex });
  if (!record) return null;
  return (
    <Suspense fallback={null}>
      <CodeRunOutput record={record} />
    </Suspense>
  );
}

/**
 * Makes the code blocks of `children` runnable as part `partIndex` of a reply; with no
 * conversation (a streaming, unsaved or read-only reply) they are not. Always rendered, so a
 * reply finishing changes a context value, never the tree above its markdown.
 */
export function CodeRunScope({
  messageId,
  conversationId,
  partIndex,
  children,
}: {
  messageId: string;
  conversationId: string | null;
  partIndex: number;
  children: ReactNode;
}) {
  const host = useMemo<CodeRunHost | null>(
    () =>
      conversationId ? { messageId, conversationId, partIndex, Button: RunButton, Result: RunResult } : null,
    [messageId, conversationId, partIndex],
  );
  return <CodeRunContext.Provider value={host}>{children}</CodeRunContext.Provider>;
}

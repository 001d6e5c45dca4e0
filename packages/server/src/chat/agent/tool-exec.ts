import type { FileCitation, ToolCallAttachment } from '@parley/schema';
import type { ToolDef, ToolRunContext } from '../../tools/types.ts';

/** A tool's output beyond this many characters is cut, with a note, before the model sees it. */
export const TOOL_OUTPUT_MAX_CHARS = 50_000;
/** The words the web looks for to show a tool call's error state (LibreChat's). */
export const TOOL_ERROR_PREFIX = 'Error processing tool';

export interface ToolOutcome {
  output: string;
  isError: boolean;
  citations: FileCitation[];
  attachments: ToolCallAttachment[];
}

/** Cut an output to the bound, saying so in words the model understands. */
export function boundOutput(output: string, max = TOOL_OUTPUT_MAX_CHARS): string {
  if (output.length <= max) return output;
  return `${output.slice(0, max)}\n\n[Output truncated: ${output.length - max} more characters were left out.]`;
}

const errorOutcome = (name: string, reason: string): ToolOutcome => ({
  output: `${TOOL_ERROR_PREFIX} ${name}: ${reason}`,
  isError: true,
  citations: [],
  attachments: [],
});

/**
 * Run one tool call safely: arguments parsed, a timeout that cancels the tool's signal, the output
 * bounded, and any throw turned into an error result. Whatever the tool does, the run goes on.
 */
export async function executeTool(
  tool: ToolDef,
  argsText: string,
  ctx: Omit<ToolRunContext, 'signal'>,
  opts: { signal: AbortSignal; timeoutMs: number },
): Promise<ToolOutcome> {
  let args: unknown;
  try {
    args = argsText.trim() ? JSON.parse(argsText) : {};
  } catch {
    return errorOutcome(tool.name, 'the arguments are not valid JSON.');
  }
  const controller = new AbortController();
  // A tool that ignores its signal still loses the race when the user stops the reply.
  let onAbort = () => {};
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => {
      controller.abort();
      resolve('aborted');
    };
  });
  if (opts.signal.aborted) onAbort();
  else opts.signal.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  let expire = () => {};
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(expire, ms);
  };
  const timedOut = new Promise<'timeout'>((resolve) => {
    expire = () => {
      controller.abort();
      resolve('timeout');
    };
    arm(opts.timeoutMs);
  });
  // Waiting for the user to sign in is not the tool's time: the deadline moves past the link's expiry.
  const signIn = ctx.signIn
    ? (url: string, expiresAt: number) => {
        arm(Math.max(0, expiresAt - Date.now()) + opts.timeoutMs);
        ctx.signIn?.(url, expiresAt);
      }
    : undefined;
  try {
    const result = await Promise.race([
      tool.run(args, { ...ctx, ...(signIn ? { signIn } : {}), signal: controller.signal }),
      timedOut,
      aborted,
    ]);
    if (result === 'timeout')
      return errorOutcome(tool.name, `it did not answer within ${opts.timeoutMs} ms.`);
    // Stopped while it ran: whatever it answered, the call did not finish.
    if (result === 'aborted' || opts.signal.aborted) return errorOutcome(tool.name, 'the reply was stopped.');
    const output = typeof result?.output === 'string' ? result.output : String(result?.output ?? '');
    return {
      output: boundOutput(output),
      isError: result?.isError === true,
      citations: result?.citations ?? [],
      attachments: result?.attachments ?? [],
    };
  } catch (error) {
    if (opts.signal.aborted) return errorOutcome(tool.name, 'the reply was stopped.');
    const message = error instanceof Error ? error.message : String(error);
    return errorOutcome(tool.name, boundOutput(message, 2000));
  } finally {
    clearTimeout(timer);
    opts.signal.removeEventListener('abort', onAbort);
  }
}

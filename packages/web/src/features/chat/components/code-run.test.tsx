import type { CallToolResult, ContentPart, ToolCallRecord } from '@parley/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { useSession } from '../../../store/session.ts';
import { msg, reply, user } from '../../../testing/fixtures.ts';
import { createTreeStore, loadMessages } from '../store/message-tree.ts';
import { MessageRow, type MessageRowProps } from './message-row.tsx';

/**
 * The run button of a reply's code blocks (doc 2 §4.14, §4.15, §8.2) through the message row,
 * against a stubbed server: which blocks offer it, what a run sends, the throttle, the key dialog,
 * the error toast, and the result (stored or new) under its block.
 */

const PY = '```python\nprint("hi")\n```';

const outcome = (over: Partial<NonNullable<CallToolResult['run']>> = {}): CallToolResult => ({
  result: 'hi\n',
  attachments: [],
  run: {
    status: 'ok',
    exitCode: 0,
    stdout: 'hi\n',
    stderr: '',
    truncated: false,
    durationMs: 120,
    ...over,
  },
});

const record = (over: Partial<ToolCallRecord> = {}): ToolCallRecord => ({
  ...outcome(),
  toolId: 'execute_code',
  messageId: 'r1',
  conversationId: 'c1',
  partIndex: 0,
  blockIndex: 0,
  createdAt: '2026-11-28T10:00:00.000Z',
  ...over,
});

type Served = {
  records?: ToolCallRecord[];
  authenticated?: boolean;
  /** The auth status's reason: the server cannot run code at all. */
  reason?: string;
  /** The call's answer: a result, or an error status with its body. */
  call?: () => Promise<Response>;
};

/** The server: tool-call records, execute_code's auth status and tools list, the call, downloads. */
function serve({ records = [], authenticated = true, reason, call }: Served = {}) {
  const requests: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      requests.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      if (url.startsWith('/api/agents/tools/calls?')) return Response.json(records);
      if (url === '/api/agents/tools/execute_code/auth')
        return Response.json({ authenticated, message: 'user_provided', ...(reason ? { reason } : {}) });
      if (url === '/api/agents/tools')
        return Response.json([
          {
            pluginKey: 'execute_code',
            name: 'Code Interpreter',
            description: 'Runs code',
            authConfig: [{ authField: 'CODE_API_KEY', label: 'Code API Key', description: 'Your key' }],
            authenticated,
          },
        ]);
      if (url === '/api/user/plugins') {
        authenticated = true;
        return new Response(null, { status: 204 });
      }
      if (url === '/api/agents/tools/execute_code/call')
        return call ? call() : Response.json(outcome({ stdout: 'ran\n' }));
      if (url.startsWith('/api/files/download/'))
        return new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 });
      return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    }),
  );
  return requests;
}

const calls = (requests: { url: string; method: string }[]) =>
  requests.filter((r) => r.url === '/api/agents/tools/execute_code/call');

function showReply(
  answer: string | ContentPart[],
  {
    row = {},
    saved = true,
    userText,
  }: { row?: Partial<MessageRowProps>; saved?: boolean; userText?: string } = {},
) {
  const store = createTreeStore();
  if (saved) store.setState({ conversationId: 'c1' });
  const question = msg('u1', '00000000-0000-0000-0000-000000000000', { text: userText ?? 'Code?' });
  const content = typeof answer === 'string' ? undefined : answer;
  loadMessages(store, [
    question,
    reply('r1', 'u1', { text: typeof answer === 'string' ? answer : '', content }),
  ]);
  const props = { store, isLast: true, streamingId: null, busy: false, codeRun: true, ...row };
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TooltipProvider>
        <MemoryRouter>
          <MessageRow id="u1" {...props} />
          <MessageRow id="r1" {...props} />
          <Toaster />
        </MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

describe('running a code block', () => {
  beforeEach(() => {
    useSession.setState({ status: 'authenticated', token: 't', user: user() });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is offered on a finished, saved reply only, never in the user message', () => {
    serve();
    showReply(PY, { userText: `Run this:\n\n${PY}` });
    expect(screen.getAllByTestId('code-run')).toHaveLength(1);
    expect(screen.getByTestId('code-run').closest('[data-role]')?.getAttribute('data-role')).toBe(
      'assistant',
    );
    cleanup();
    showReply(PY, { row: { streamingId: 'r1' } });
    expect(screen.queryByTestId('code-run')).toBeNull();
    cleanup();
    // Read-only views and users without RUN_CODE (or no engine) get no codeRun.
    showReply(PY, { row: { codeRun: false } });
    expect(screen.queryByTestId('code-run')).toBeNull();
    cleanup();
    showReply(PY, { saved: false });
    expect(screen.queryByTestId('code-run')).toBeNull();
  });

  it('sends the block with its reply, part and position; spinner while it runs; the result below', async () => {
    let finish: (r: Response) => void = () => {};
    const requests = serve({ call: () => new Promise((resolve) => (finish = resolve)) });
    showReply([
      { type: 'think', think: 'Hmm.' },
      { type: 'text', text: `First:\n\n\`\`\`js\nconsole.log(1)\n\`\`\`\n\nThen:\n\n${PY}` },
    ]);
    const buttons = screen.getAllByTestId('code-run');
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[1]);
    await waitFor(() => expect(calls(requests)).toHaveLength(1));
    expect(calls(requests)[0]).toMatchObject({
      method: 'POST',
      body: {
        messageId: 'r1',
        conversationId: 'c1',
        partIndex: 1,
        blockIndex: 1,
        lang: 'py',
        code: 'print("hi")',
      },
    });
    expect(buttons[1]).toHaveProperty('disabled', true);
    expect(buttons[1].textContent).toBe('Running…');
    await act(async () => finish(Response.json(outcome({ stdout: 'hi from the run\n' }))));
    const output = await screen.findByTestId('code-run-output');
    expect(within(output).getByTestId('code-run-stdout').textContent).toBe('hi from the run\n');
    expect(within(output).getByTestId('code-run-status').textContent).toContain('Finished in 120 ms');
    // Under the Python block, not the JavaScript one.
    expect(output.closest('[data-testid=code-block]')?.textContent).toContain('print("hi")');
    expect(buttons[1]).toHaveProperty('disabled', false);
  });

  it('is throttled: clicks within 1000 ms of a run are ignored (leading)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = serve();
    showReply(PY);
    const button = screen.getByTestId('code-run');
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('code-run-stdout').textContent).toBe('ran\n'));
    fireEvent.click(button);
    expect(calls(requests)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    fireEvent.click(button);
    await waitFor(() => expect(calls(requests)).toHaveLength(2));
  });

  it('shows the stored record after a reload, and a new run replaces it', async () => {
    serve({
      records: [
        record({
          run: {
            status: 'error',
            exitCode: 1,
            stdout: 'partial\n',
            stderr: 'Traceback: boom\n',
            truncated: true,
            reason: 'The output was cut at 64 KB.',
            durationMs: 40,
          },
          attachments: [
            { filename: 'plot.png', filepath: '/api/files/download/u1/f1', type: 'image/png', file_id: 'f1' },
            { filename: 'data.csv', filepath: '/api/files/download/u1/f2', type: 'text/csv', file_id: 'f2' },
            {
              filename: 'old.csv',
              filepath: '/api/files/download/u1/f3',
              type: 'text/csv',
              file_id: 'f3',
              expiresAt: Date.now() - 1000,
            },
          ],
        }),
        // Another block's record stays under that block.
        record({ blockIndex: 5, run: { ...outcome().run!, stdout: 'elsewhere' } }),
      ],
    });
    showReply(PY);
    const output = await screen.findByTestId('code-run-output');
    expect(within(output).getByTestId('code-run-stdout').textContent).toBe('partial\n');
    const stderr = within(output).getByTestId('code-run-stderr');
    expect(stderr.textContent).toBe('Traceback: boom\n');
    expect(stderr.className).toContain('text-destructive');
    const status = within(output).getByTestId('code-run-status');
    expect(status.textContent).toContain('Exited with code 1');
    expect(status.textContent).toContain('The output was cut at 64 KB.');
    expect(within(output).getByTestId('code-run-truncated')).toBeTruthy();
    expect(await within(output).findByTestId('message-image')).toBeTruthy();
    const chips = within(output).getAllByTestId('file-chip');
    expect(chips.map((c) => within(c).getByTestId('file-chip-name').textContent)).toEqual([
      'data.csv',
      'old.csv',
    ]);
    expect(within(chips[0]).getByTestId('file-download')).toBeTruthy();
    expect(within(chips[1]).queryByTestId('file-download')).toBeNull();
    expect(within(chips[1]).getByTestId('download-expired')).toBeTruthy();
    expect(screen.queryByText('elsewhere')).toBeNull();

    fireEvent.click(screen.getByTestId('code-run'));
    await waitFor(() => expect(within(output).getByTestId('code-run-stdout').textContent).toBe('ran\n'));
    expect(within(output).queryByTestId('code-run-stderr')).toBeNull();
    expect(within(output).queryByTestId('file-chip')).toBeNull();
  });

  it('reads the records once per conversation, and only where a block can run', async () => {
    const requests = serve();
    showReply(`${PY}\n\nAnd:\n\n\`\`\`py\nprint(2)\n\`\`\``);
    await waitFor(() => expect(requests.filter((r) => r.url.includes('/tools/calls?'))).toHaveLength(1));
    expect(requests.find((r) => r.url.includes('/tools/calls?'))?.url).toBe(
      '/api/agents/tools/calls?conversationId=c1',
    );
    cleanup();
    const none = serve();
    showReply('```bash\nls\n```');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(none).toEqual([]);
  });

  it("opens the key dialog when the tool waits for the user's key, and runs once it is saved", async () => {
    const requests = serve({ authenticated: false });
    showReply(PY);
    fireEvent.click(screen.getByTestId('code-run'));
    const dialog = await screen.findByTestId('tool-key-dialog', {}, { timeout: 10_000 });
    expect(calls(requests)).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('tool-key-CODE_API_KEY'), { target: { value: 'k' } });
    fireEvent.click(within(dialog).getByTestId('tool-key-save'));
    await waitFor(() => expect(calls(requests)).toHaveLength(1));
    expect(await screen.findByTestId('code-run-output')).toBeTruthy();
  });

  it('says why when the server cannot run code at all, without calling', async () => {
    const requests = serve({ authenticated: false, reason: 'No sandbox engine: bubblewrap is missing.' });
    showReply(PY);
    fireEvent.click(screen.getByTestId('code-run'));
    expect(await screen.findByText('Code execution is not available on this server.')).toBeTruthy();
    expect(await screen.findByText('No sandbox engine: bubblewrap is missing.')).toBeTruthy();
    expect(calls(requests)).toHaveLength(0);
    expect(screen.queryByTestId('tool-key-dialog')).toBeNull();
  });

  it('toasts a failed run with the server’s words', async () => {
    serve({
      call: async () =>
        Response.json(
          { error: { code: 'code_unavailable', message: 'No sandbox: bubblewrap is missing.' } },
          { status: 503 },
        ),
    });
    showReply(PY);
    fireEvent.click(screen.getByTestId('code-run'));
    expect(await screen.findByText('There was an error running the code')).toBeTruthy();
    expect(await screen.findByText('No sandbox: bubblewrap is missing.')).toBeTruthy();
    expect(screen.queryByTestId('code-run-output')).toBeNull();
  });
});

import { type ContentPart, INCOMPLETE_RESPONSE_TEXT } from '@parley/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { msg, reply } from '../../../testing/fixtures.ts';
import { createTreeStore, loadMessages } from '../store/message-tree.ts';
import { MessageRow } from './message-row.tsx';

/** An agent reply in its row: citations from file search, a paused run, a failed run's steps. */

const user = msg('u1', '00000000-0000-0000-0000-000000000000', { text: 'Refunds?' });
const search: ContentPart = {
  type: 'tool_call',
  tool_call: {
    id: 'call_1',
    name: 'file_search',
    args: '{"query":"refunds"}',
    output: 'passage',
    progress: 1,
  },
};

function showRow(
  content: ContentPart[],
  over: Parameters<typeof reply>[2] = {},
  onApprove = vi.fn(() => true),
) {
  const store = createTreeStore();
  loadMessages(store, [user, reply('r1', 'u1', { endpoint: 'agents', content, ...over })]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TooltipProvider>
        <MemoryRouter>
          <MessageRow store={store} id="r1" isLast streamingId={null} busy={false} onApprove={onApprove} />
        </MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return onApprove;
}

describe('MessageRow with an agent reply', () => {
  afterEach(cleanup);

  it('shows the citations file search brought, around the reply’s parts', () => {
    showRow([{ type: 'text', text: 'Searching.' }, search, { type: 'text', text: 'Within 30 days [1].' }], {
      citations: [
        { file_id: 'f1', filename: 'policy.pdf', page: 2, text: 'Refunds within 30 days.', offset: 0 },
      ],
    });
    expect(screen.getByTestId('tool-call')).toBeTruthy();
    expect(screen.getAllByTestId('citation-mark')).toHaveLength(1);
    expect(screen.getByTestId('citation-sources').textContent).toContain('policy.pdf');
  });

  it('shows a paused run’s approval card, without the incomplete notice, and answers it', async () => {
    vi.useFakeTimers();
    const onApprove = showRow(
      [
        {
          type: 'tool_call',
          tool_call: { ...search.tool_call, output: undefined, progress: 0.1, approval: 'pending' },
        },
      ],
      { unfinished: true },
    );
    await act(() => vi.advanceTimersByTimeAsync(1000));
    vi.useRealTimers();
    expect(screen.queryByText(INCOMPLETE_RESPONSE_TEXT)).toBeNull();
    fireEvent.click(screen.getByTestId('tool-approval-approve'));
    expect(onApprove).toHaveBeenCalledWith('r1', 'call_1', true);
  });

  it('keeps a failed run’s steps above the error', () => {
    showRow([search, { type: 'error', error: '{"type":"provider_error"}' }], {
      error: true,
      text: '{"type":"provider_error"}',
    });
    expect(screen.getByTestId('message-partial').querySelector('[data-testid="tool-call"]')).not.toBeNull();
  });
});

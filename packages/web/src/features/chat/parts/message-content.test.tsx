import type { Agent, ContentPart, Message } from '@parley/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agentKeys } from '../../../api/agents.ts';
import { useSession } from '../../../store/session.ts';
import { reply } from '../../../testing/fixtures.ts';
import { MessageContent } from './message-content.tsx';

/** An agent's reply as the chat shows it: steps, tool calls, the chain's agents, approvals. */

const agentReply = (content: ContentPart[], over: Partial<Message> = {}): Message =>
  reply('r1', 'u1', { endpoint: 'agents', content, text: '', ...over });

const searchCall = (over: Record<string, unknown> = {}): ContentPart => ({
  type: 'tool_call',
  tool_call: {
    id: 'call_1',
    type: 'tool_call',
    name: 'file_search',
    args: '{"query":"refund policy"}',
    output: 'Refunds within 30 days.',
    progress: 1,
    ...over,
  },
});

let client: QueryClient;
function show(ui: ReactNode) {
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('MessageContent for agent replies', () => {
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    useSession.setState({ status: 'authenticated', token: 't', user: null });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    client.clear();
    useSession.setState({ status: 'loading', token: null, user: null });
  });

  it('shows a tool call collapsed, then its args (pretty JSON) and output when expanded', () => {
    show(
      <MessageContent
        message={agentReply([
          { type: 'text', text: 'Let me check.' },
          searchCall(),
          { type: 'text', text: 'Done.' },
        ])}
        streaming={false}
      />,
    );
    expect(screen.getAllByTestId('message-part-text')).toHaveLength(2);
    expect(screen.getByTestId('tool-call').dataset.state).toBe('finished');
    expect(screen.getByTestId('tool-call-label').textContent).toBe('Ran file_search');
    expect(screen.queryByTestId('tool-call-details')).toBeNull();
    fireEvent.click(screen.getByTestId('tool-call-toggle'));
    expect(screen.getByTestId('tool-call-args').textContent).toBe('{\n  "query": "refund policy"\n}');
    expect(screen.getByTestId('tool-call-output').textContent).toBe('Refunds within 30 days.');
  });

  it('shows a running call while streaming and an error once the run ended without it', () => {
    const message = agentReply([searchCall({ output: undefined, progress: 0.1 })]);
    const { rerender } = show(<MessageContent message={message} streaming />);
    expect(screen.getByTestId('tool-call').dataset.state).toBe('running');
    rerender(
      <QueryClientProvider client={client}>
        <MessageContent message={message} streaming={false} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('tool-call').dataset.state).toBe('error');
  });

  it('shows an agent header with the agent’s name and avatar where a chained agent starts', async () => {
    client.setQueryData(agentKeys.one('agent_2'), {
      id: 'agent_2',
      name: 'Reviewer',
      avatar: { filepath: '/images/agents/agent_2.png', source: 'local' },
    } as Agent);
    show(
      <MessageContent
        message={agentReply([
          { type: 'text', text: 'Draft.' },
          { type: 'agent_update', agent_update: { index: 1, runId: 'r1', agentId: 'agent_2' } },
          { type: 'text', text: 'Reviewed.' },
        ])}
        streaming={false}
      />,
    );
    const header = screen.getByTestId('agent-update');
    expect(header.dataset.agentId).toBe('agent_2');
    expect(screen.getByTestId('agent-update-name').textContent).toBe('Reviewer');
    expect(screen.getByTestId('agent-update-avatar').getAttribute('src')).toBe('/images/agents/agent_2.png');
    // The header sits between the two agents' texts.
    const order = [...screen.getByTestId('message-text').children].map((el) =>
      el.getAttribute('data-testid'),
    );
    expect(order).toEqual(['message-part-text', 'agent-update', 'message-part-text']);
  });

  it('names an agent the user cannot read as a generic agent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"code":"not_found"}', { status: 404 })),
    );
    show(
      <MessageContent
        message={agentReply([
          { type: 'agent_update', agent_update: { index: 0, runId: 'r1', agentId: 'agent_x' } },
        ])}
        streaming={false}
      />,
    );
    expect(screen.getByTestId('agent-update-name').textContent).toBe('Agent');
  });

  it('asks to approve a waiting call with its name and args, and sends the answer once', () => {
    const onApprove = vi.fn(() => true);
    show(
      <MessageContent
        message={agentReply([searchCall({ output: undefined, progress: 0.1, approval: 'pending' })])}
        streaming={false}
        onApprove={onApprove}
      />,
    );
    // Not an error, although the run is not streaming: it waits for the user.
    expect(screen.queryByTestId('tool-call')).toBeNull();
    expect(screen.getByTestId('tool-approval-title').textContent).toBe('Allow file_search to run?');
    expect(screen.getByTestId('tool-approval-args').textContent).toBe('{\n  "query": "refund policy"\n}');
    fireEvent.click(screen.getByTestId('tool-approval-approve'));
    expect(onApprove).toHaveBeenCalledWith('call_1', true);
    expect((screen.getByTestId('tool-approval-approve') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('tool-approval-deny') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('tool-approval-deny'));
    expect(onApprove).toHaveBeenCalledTimes(1);
  });

  it('sends a denial, and lets the user answer again when it was not sent', () => {
    const onApprove = vi.fn(() => false);
    show(
      <MessageContent
        message={agentReply([searchCall({ output: undefined, progress: 0.1, approval: 'pending' })])}
        streaming={false}
        onApprove={onApprove}
      />,
    );
    fireEvent.click(screen.getByTestId('tool-approval-deny'));
    expect(onApprove).toHaveBeenCalledWith('call_1', false);
    expect((screen.getByTestId('tool-approval-deny') as HTMLButtonElement).disabled).toBe(false);
  });

  it('only shows that a call waits where the user cannot answer (read-only)', () => {
    show(
      <MessageContent
        message={agentReply([searchCall({ output: undefined, progress: 0.1, approval: 'pending' })])}
        streaming={false}
      />,
    );
    expect(screen.queryByTestId('tool-approval-approve')).toBeNull();
    expect(screen.getByTestId('tool-approval-waiting').textContent).toBe(
      'Waiting for approval to run file_search',
    );
  });

  it('shows an approved call running, then finished; a denied one as denied', () => {
    const approved = agentReply([searchCall({ output: undefined, progress: 0.1, approval: 'approved' })]);
    const { rerender } = show(<MessageContent message={approved} streaming />);
    expect(screen.getByTestId('tool-call').dataset.state).toBe('running');
    rerender(
      <QueryClientProvider client={client}>
        <MessageContent message={agentReply([searchCall({ approval: 'approved' })])} streaming={false} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('tool-call').dataset.state).toBe('finished');
    rerender(
      <QueryClientProvider client={client}>
        <MessageContent
          message={agentReply([
            searchCall({ approval: 'denied', output: 'Denied by the user', progress: 1 }),
          ])}
          streaming={false}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('tool-call').dataset.state).toBe('denied');
    expect(screen.getByTestId('tool-call-label').textContent).toBe('Denied file_search');
  });

  it('keeps a finished block as it is (open, same element) while the streaming text grows', () => {
    const call = searchCall();
    const first = agentReply([call, { type: 'text', text: 'A' }]);
    const { rerender } = show(<MessageContent message={first} streaming />);
    fireEvent.click(screen.getByTestId('tool-call-toggle'));
    const details = screen.getByTestId('tool-call-details');
    rerender(
      <QueryClientProvider client={client}>
        <MessageContent message={agentReply([call, { type: 'text', text: 'AB' }])} streaming />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('tool-call-details')).toBe(details);
    expect(screen.getByTestId('message-part-text').textContent).toContain('AB');
  });
});

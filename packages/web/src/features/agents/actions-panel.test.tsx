import type { Action, ActionValidateResult } from '@parley/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session.ts';
import { user } from '../../testing/fixtures.ts';
import ActionsPanel from './actions-panel.tsx';
import { SPEC_DEBOUNCE_MS } from './use-spec-check.ts';

type Call = { method: string; url: string; body: unknown };

const fn = {
  name: 'getThing',
  description: '',
  method: 'get',
  path: '/thing',
  domain: 'api.test',
  tool: 'getThing_action_api---test',
};
const valid: ActionValidateResult = {
  status: true,
  message: 'OpenAPI spec is valid.',
  domain: 'api.test',
  functions: [fn],
};
const invalid: ActionValidateResult = {
  status: false,
  message: 'Line one is wrong\nLine two too',
  functions: [],
};

const stored: Action = {
  action_id: 'act1',
  agent_id: 'agent_1',
  user: 'u1',
  type: 'action_prototype',
  metadata: {
    raw_spec: 'stored spec',
    domain: 'api.test',
    auth: { type: 'service_http', authorization_type: 'bearer' },
    api_key_set: true,
    oauth_client_id_set: false,
    oauth_client_secret_set: false,
  },
  functions: [fn],
  createdAt: 1,
  updatedAt: 1,
};

const oauthStored: Action = {
  ...stored,
  metadata: {
    ...stored.metadata,
    auth: {
      type: 'oauth',
      authorization_url: 'https://api.test/authorize',
      client_url: 'https://api.test/token',
      scope: 'read',
      token_exchange_method: 'default_post',
    },
    api_key_set: false,
    oauth_client_id_set: true,
    oauth_client_secret_set: true,
  },
};

function serve(o: { actions?: Action[]; deleteStatus?: number; serverDomain?: string } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ method, url, body });
      if (url === '/api/config')
        return o.serverDomain
          ? new Response(JSON.stringify({ serverDomain: o.serverDomain }))
          : new Response('{}', { status: 503 });
      if (url === '/api/actions/validate')
        return new Response(JSON.stringify(String(body.raw_spec).startsWith('good') ? valid : invalid));
      if (url.startsWith('/api/agents/actions?')) return new Response(JSON.stringify(o.actions ?? []));
      if (method === 'POST' && url === '/api/agents/actions/agent_1')
        return new Response(
          JSON.stringify([
            { id: 'agent_1', tools: [fn.tool], require_approval: [] },
            { ...stored, metadata: { ...stored.metadata, raw_spec: body.metadata.raw_spec } },
          ]),
        );
      if (method === 'DELETE')
        return o.deleteStatus
          ? new Response(JSON.stringify({ error: { code: 'x', message: 'Nope from server' } }), {
              status: o.deleteStatus,
            })
          : new Response(JSON.stringify({ message: 'Action deleted successfully' }));
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

const onAgentChanged = vi.fn();
function setup(agentId: string | null = 'agent_1') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ActionsPanel agentId={agentId} onAgentChanged={onAgentChanged} />
    </QueryClientProvider>,
  );
}

const validateCalls = (calls: Call[]) => calls.filter((c) => c.url === '/api/actions/validate');

describe('actions sub-panel', () => {
  beforeEach(() => {
    useSession.setState({ status: 'authenticated', token: 't', user: user() });
    onAgentChanged.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is blocked with a warning until the agent exists', () => {
    const calls = serve();
    setup(null);
    expect(screen.getByTestId('actions-no-agent').textContent).toContain(
      'No agent_id found, is the agent created?',
    );
    expect(screen.queryByTestId('agent-action-add')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('checks the spec once typing pauses 800 ms, shows a bad message in red line by line, and enables Save only when valid', async () => {
    const calls = serve();
    setup();
    fireEvent.click(await screen.findByTestId('agent-action-add'));
    vi.useFakeTimers();
    const spec = screen.getByTestId('action-spec');
    fireEvent.change(spec, { target: { value: 'b' } });
    fireEvent.change(spec, { target: { value: 'ba' } });
    fireEvent.change(spec, { target: { value: 'bad' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SPEC_DEBOUNCE_MS - 50);
    });
    expect(validateCalls(calls)).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(validateCalls(calls).map((c) => c.body)).toEqual([{ raw_spec: 'bad' }]);
    vi.useRealTimers();
    const message = await screen.findByTestId('action-spec-message');
    expect([...message.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Line one is wrong',
      'Line two too',
    ]);
    expect(message.className).toContain('text-destructive');
    expect(screen.getByTestId('action-save')).toHaveProperty('disabled', true);

    fireEvent.change(spec, { target: { value: 'good spec' } });
    await waitFor(
      () => expect(screen.getByTestId('action-spec-message').textContent).toBe('OpenAPI spec is valid.'),
      {
        timeout: 3000,
      },
    );
    expect(screen.getByTestId('action-spec-message').className).not.toContain('text-destructive');
    expect(screen.getByTestId('action-functions').textContent).toContain('getThing');
    expect(screen.getByTestId('action-save')).toHaveProperty('disabled', false);

    // An API key action needs its key before it can be saved.
    fireEvent.change(screen.getByTestId('action-auth-type'), { target: { value: 'service_http' } });
    expect(screen.getByTestId('action-save')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('action-api_key'), { target: { value: 'sekret' } });
    expect(screen.getByTestId('action-save')).toHaveProperty('disabled', false);
  });

  it('saves with the domain of the first function and the key, toasts, and hands the agent back', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = serve();
    setup();
    fireEvent.click(await screen.findByTestId('agent-action-add'));
    fireEvent.change(screen.getByTestId('action-spec'), { target: { value: 'good spec' } });
    fireEvent.change(screen.getByTestId('action-auth-type'), { target: { value: 'service_http' } });
    fireEvent.change(screen.getByTestId('action-api_key'), { target: { value: 'sekret' } });
    await waitFor(() => expect(screen.getByTestId('action-save')).toHaveProperty('disabled', false), {
      timeout: 3000,
    });
    fireEvent.click(screen.getByTestId('action-save'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Successfully created or updated Action'));
    const save = calls.find((c) => c.method === 'POST' && c.url === '/api/agents/actions/agent_1');
    expect(save?.body).toEqual({
      metadata: {
        raw_spec: 'good spec',
        domain: 'api.test',
        auth: { type: 'service_http', authorization_type: 'bearer' },
        api_key: 'sekret',
      },
    });
    expect(onAgentChanged).toHaveBeenCalledWith({ agent: expect.objectContaining({ tools: [fn.tool] }) });
  });

  it('edits a stored action keeping its key when left blank, and deletes after confirming', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = serve({ actions: [stored] });
    setup();
    const row = await screen.findByTestId('agent-action-row');
    expect(row.textContent).toContain('api.test');
    expect(row.textContent).toContain('1 functions');
    fireEvent.click(screen.getByTestId('agent-action-edit'));
    expect(screen.getByTestId('action-spec')).toHaveProperty('value', 'stored spec');
    expect(screen.getByTestId('action-editor').textContent).toContain('Saved — leave blank to keep it');

    fireEvent.click(screen.getByTestId('agent-action-delete'));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Successfully deleted Action'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/agents/actions/agent_1/act1')).toBe(
      true,
    );
    expect(onAgentChanged).toHaveBeenCalledWith({ removedTools: [fn.tool] });
  });

  it("shows the OAuth callback on the server's domain (DOMAIN_SERVER), not the page's origin", async () => {
    serve({ actions: [oauthStored], serverDomain: 'https://api.parley.test/' });
    setup();
    fireEvent.click(await screen.findByTestId('agent-action-edit'));
    await waitFor(() =>
      expect(screen.getByTestId('action-callback-url').textContent).toBe(
        'https://api.parley.test/api/actions/act1/oauth/callback',
      ),
    );
    expect(screen.getByTestId('action-editor').textContent).toContain('Saved — leave blank to keep it');
  });

  it('shows the server’s message when a delete fails', async () => {
    const error = vi.spyOn(toast, 'error');
    serve({ actions: [stored], deleteStatus: 403 });
    setup();
    fireEvent.click(await screen.findByTestId('agent-action-delete'));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Nope from server'));
    expect(onAgentChanged).not.toHaveBeenCalled();
  });
});

import type { Agent, AgentList } from '@parley/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session.ts';
import { agent as agentFixture } from '../../testing/fixtures.ts';
import AgentGalleryPage from './gallery-page.tsx';

/** Someone else's agent shared with everyone, named after its id. */
const agent = (id: string, over: Partial<Agent> = {}): Agent =>
  agentFixture({
    id,
    name: `Agent ${id}`,
    description: `About ${id}`,
    instructions: null,
    author: 'u2',
    authorName: 'Grace',
    projectIds: ['instance'],
    ...over,
  });

const list = (data: Agent[], after: string | null = null): AgentList => ({
  object: 'list',
  data,
  first_id: data[0]?.id ?? null,
  last_id: data.at(-1)?.id ?? null,
  has_more: after !== null,
  after,
});

/** The server, as far as the gallery asks it: roles, categories and the agents list. */
const posted: unknown[] = [];

function server(canUse = true) {
  posted.length = 0;
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://x');
    calls.push(url);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (url.pathname === '/api/roles/USER')
      return json({ name: 'USER', permissions: { AGENTS: { USE: canUse, CREATE: true } } });
    if (url.pathname === '/api/endpoints')
      return json({ openAI: { order: 1, userProvide: false }, anthropic: { order: 0, userProvide: false } });
    if (url.pathname === '/api/agents/import') {
      posted.push(JSON.parse(String(init?.body)));
      return json({
        agent: agent('imported', { name: 'Math Tutor', kind: 'assistant' }),
        skipped: ['function get_weather'],
      });
    }
    if (url.pathname === '/api/agents/categories')
      return json([
        { value: 'general', label: 'General', count: 3 },
        { value: 'hr', label: 'HR', count: 0 },
        { value: 'finance', label: 'Finance', count: 1 },
      ]);
    if (url.pathname === '/api/agents') {
      const q = url.searchParams;
      if (q.get('promoted') === '1') return json(list([agent('star', { is_promoted: true })]));
      if (q.get('search')) return json(list([agent(`hit-${q.get('search')}`)]));
      if (q.get('scope') === 'shared') return json(list([]));
      if (q.get('cursor') === 'p2') return json(list([agent('c')]));
      return json(list([agent('a'), agent('b')], 'p2'));
    }
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string, access: boolean | null = true) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/agents" element={<AgentGalleryPage access={access} />} />
          <Route path="/agents/:category" element={<AgentGalleryPage access={access} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const agentQueries = (calls: URL[]) =>
  calls.filter((u) => u.pathname === '/api/agents').map((u) => Object.fromEntries(u.searchParams));

describe('agent gallery', () => {
  beforeEach(() => {
    useSession.setState({ status: 'authenticated', token: 't', user: { role: 'USER' } as never });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ status: 'loading', token: null, user: null });
  });

  it('shows the tabs, the featured agents and all agents, paging on with the cursor', async () => {
    const calls = server();
    renderAt('/agents');
    await screen.findByTestId('gallery-featured');
    const tabs = screen.getAllByTestId('gallery-tab').map((el) => el.getAttribute('data-tab'));
    // Fixed tabs, then the categories that hold agents (hr has none).
    expect(tabs).toEqual(['all', 'promoted', 'shared', 'mine', 'general', 'finance']);
    expect(screen.getAllByTestId('agent-card').map((el) => el.getAttribute('data-agent-id'))).toEqual([
      'star',
      'a',
      'b',
    ]);
    fireEvent.click(screen.getByTestId('agent-grid-more'));
    await waitFor(() => expect(screen.getAllByTestId('agent-card')).toHaveLength(4));
    expect(agentQueries(calls)).toEqual([{ promoted: '1', limit: '6' }, {}, { cursor: 'p2' }]);
    expect(screen.queryByTestId('agent-grid-more')).toBeNull();
  });

  it('filters by the tab in the URL and says when a tab is empty', async () => {
    const calls = server();
    renderAt('/agents/shared');
    expect(await screen.findByTestId('agent-grid-empty')).toHaveProperty(
      'textContent',
      'Nobody has shared an agent with you yet.',
    );
    expect(screen.queryByTestId('gallery-featured')).toBeNull();
    expect(agentQueries(calls)).toEqual([{ scope: 'shared' }]);
  });

  it('searches once typing pauses', async () => {
    const calls = server();
    renderAt('/agents/finance');
    await screen.findByTestId('agent-grid');
    const box = screen.getByTestId('gallery-search');
    fireEvent.change(box, { target: { value: 'ta' } });
    fireEvent.change(box, { target: { value: 'tax' } });
    await waitFor(() =>
      expect(screen.getByTestId('agent-card').getAttribute('data-agent-id')).toBe('hit-tax'),
    );
    expect(agentQueries(calls)).toEqual([{ category: 'finance' }, { category: 'finance', search: 'tax' }]);
  });

  it('opens an agent and starts a chat with it', async () => {
    server();
    renderAt('/agents/mine');
    const card = await screen.findByText('Agent a');
    fireEvent.click(card);
    const dialog = await screen.findByTestId('agent-detail');
    expect(dialog.textContent).toContain('About a');
    expect(dialog.textContent).toContain('by Grace');
    await act(async () => fireEvent.click(screen.getByTestId('agent-start-chat')));
    expect(screen.getByTestId('where').textContent).toBe('/chat/new?agent_id=a');
  });

  it('imports a pasted OpenAI assistant on OpenAI, then opens it with what was left out', async () => {
    server();
    renderAt('/agents');
    fireEvent.click(await screen.findByTestId('gallery-import'));
    const box = await screen.findByTestId('import-json');
    fireEvent.change(box, { target: { value: '{"name": "Math Tutor"}' } });
    fireEvent.click(screen.getByTestId('import-submit'));
    expect((await screen.findByTestId('import-error')).textContent).toMatch(
      /^This is not an assistant definition \(model/,
    );
    const definition = {
      name: 'Math Tutor',
      model: 'gpt-4o',
      tools: [{ type: 'function', function: { name: 'get_weather' } }],
    };
    fireEvent.change(box, { target: { value: JSON.stringify(definition) } });
    await act(async () => fireEvent.click(screen.getByTestId('import-submit')));
    const detail = await screen.findByTestId('agent-detail');
    expect(detail.textContent).toContain('Assistant');
    expect(screen.getByRole('dialog', { name: 'Math Tutor' })).toBeTruthy();
    expect(screen.getByTestId('import-skipped').textContent).toContain('function get_weather');
    // The endpoints list anthropic first, but an assistant's home is OpenAI when it is offered.
    expect(posted).toEqual([{ ...definition, provider: 'openAI' }]);
  });

  it('is closed to users without AGENTS USE', async () => {
    const calls = server(false);
    renderAt('/agents', false);
    await screen.findByTestId('gallery-no-access');
    expect(screen.queryByTestId('gallery-import')).toBeNull();
    expect(calls.some((u) => u.pathname.startsWith('/api/agents'))).toBe(false);
  });
});

import type { PromptGroup, PromptGroupList } from '@parley/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { useSession } from '../../store/session.ts';
import { user } from '../../testing/fixtures.ts';
import PromptsPage from './prompts-page.tsx';

const group = (id: string, over: Partial<PromptGroup> = {}): PromptGroup => ({
  _id: id,
  name: `Prompt ${id}`,
  oneliner: '',
  category: 'code',
  command: '',
  author: 'u1',
  authorName: 'Ann',
  productionId: `${id}-v1`,
  productionPrompt: { prompt: `Text of ${id}` },
  numberOfGenerations: 0,
  projectIds: [],
  isPublic: false,
  sharedWithMe: false,
  canEdit: true,
  createdAt: 1,
  updatedAt: 1,
  ...over,
});

const page = (groups: PromptGroup[], after: string | null = null): PromptGroupList => ({
  promptGroups: groups,
  pageNumber: 1,
  pageSize: 10,
  pages: after ? 2 : 1,
  has_more: after !== null,
  after,
});

/** The server as far as the library asks it; `perms` are the USER role's PROMPTS permissions. */
function server(perms: { USE: boolean; CREATE: boolean; SHARED_GLOBAL?: boolean }) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(String(input), 'http://x');
      calls.push(url);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (url.pathname.startsWith('/api/roles/'))
        return json({ name: url.pathname.split('/').pop(), permissions: { PROMPTS: perms } });
      if (url.pathname === '/api/categories')
        return json([
          { label: 'com_ui_code', value: 'code' },
          { label: 'com_ui_write', value: 'write' },
        ]);
      if (url.pathname === '/api/prompts/groups') {
        const q = url.searchParams;
        if (q.get('name')) return json(page([group(`hit-${q.get('name')}`)]));
        if (q.get('cursor') === 'p2') return json(page([group('k')]));
        return json(page([group('a', { isPublic: true }), group('b')], 'p2'));
      }
      if (url.pathname === '/api/prompts/groups/hidden')
        return new Response(JSON.stringify({ error: { code: 'prompt_group_not_found', message: 'x' } }), {
          status: 404,
        });
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(path: string, role: 'USER' | 'ADMIN' = 'USER') {
  useSession.setState({ status: 'authenticated', token: 't', user: user({ id: 'u1', role }) });
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TooltipProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/d/prompts/*" element={<PromptsPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

const listQueries = (calls: URL[]) =>
  calls.filter((u) => u.pathname === '/api/prompts/groups').map((u) => Object.fromEntries(u.searchParams));

describe('the prompt library page', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useSession.setState({ status: 'loading', token: null, user: null });
  });

  it("lists groups 10 a page, with the globe on shared ones, and 'Select or Create a Prompt'", async () => {
    const calls = server({ USE: true, CREATE: true });
    renderAt('/d/prompts');
    await screen.findAllByTestId('prompt-group-row');
    expect(screen.getByTestId('prompts-select-or-create').textContent).toContain('Select or Create a Prompt');
    const rows = screen.getAllByTestId('prompt-group-row');
    expect(rows.map((r) => r.getAttribute('data-group-id'))).toEqual(['a', 'b']);
    expect(rows[0].querySelector('[data-testid=prompt-shared-global]')).not.toBeNull();
    expect(rows[1].querySelector('[data-testid=prompt-shared-global]')).toBeNull();
    expect(screen.getByTestId('prompts-create')).toBeTruthy();
    fireEvent.click(screen.getByTestId('prompts-next'));
    await waitFor(() => expect(screen.getAllByTestId('prompt-group-row')).toHaveLength(1));
    expect(screen.getByTestId('prompts-page-number').textContent).toBe('Page 2 of 2');
    expect(listQueries(calls)).toEqual([{ pageSize: '10' }, { pageSize: '10', cursor: 'p2' }]);
    // The category filter starts again at page 1.
    fireEvent.change(screen.getByTestId('prompts-category-filter'), { target: { value: 'write' } });
    await waitFor(() => expect(listQueries(calls).at(-1)).toEqual({ pageSize: '10', category: 'write' }));
  });

  it('searches by name after 500 ms, showing the searching state meanwhile', async () => {
    const calls = server({ USE: true, CREATE: true });
    renderAt('/d/prompts');
    await screen.findAllByTestId('prompt-group-row');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByTestId('prompts-search'), { target: { value: 'notes' } });
    expect(screen.getByTestId('prompts-searching')).toBeTruthy();
    act(() => vi.advanceTimersByTime(499));
    expect(listQueries(calls).some((q) => q.name)).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() =>
      expect(screen.getAllByTestId('prompt-group-row').map((r) => r.getAttribute('data-group-id'))).toEqual([
        'hit-notes',
      ]),
    );
    expect(listQueries(calls).at(-1)).toEqual({ pageSize: '10', name: 'notes' });
  });

  it('hides Create from a USER without PROMPTS CREATE, whose /new goes to /chat/new after 1 s', async () => {
    server({ USE: true, CREATE: false });
    renderAt('/d/prompts/new');
    await screen.findByTestId('prompts-no-create');
    await screen.findAllByTestId('prompt-group-row');
    expect(screen.queryByTestId('prompts-create')).toBeNull();
    expect(screen.queryByTestId('prompts-admin-settings')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/chat/new'), { timeout: 2000 });
  });

  it('sends a user without PROMPTS USE to /chat/new after 1 s', async () => {
    server({ USE: false, CREATE: false });
    renderAt('/d/prompts');
    await screen.findByTestId('prompts-no-access');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/chat/new'), { timeout: 2000 });
  });

  it("shows the 'not shared' page for a group the user may not see", async () => {
    server({ USE: true, CREATE: true });
    renderAt('/d/prompts/hidden');
    expect((await screen.findByTestId('prompt-not-shared')).textContent).toContain(
      'not been shared with you',
    );
  });

  it('offers admins the prompts admin settings', async () => {
    server({ USE: true, CREATE: true, SHARED_GLOBAL: true });
    renderAt('/d/prompts', 'ADMIN');
    fireEvent.click(await screen.findByTestId('prompts-admin-settings'));
    expect(await screen.findByTestId('permissions-dialog-PROMPTS')).toBeTruthy();
  });
});

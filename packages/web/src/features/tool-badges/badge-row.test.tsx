import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { useSession } from '../../store/session.ts';
import { user } from '../../testing/fixtures.ts';
import { addBadge, dropBadge, removeBadge, stepBadge } from './badge-edits.ts';
import { BadgeRow } from './badge-row.tsx';
import { ephemeralAgentOf, NEW_CHAT_KEY, TOGGLES_KEPT, useBadgeStore } from './badge-store.ts';
import { availableBadges, DEFAULT_LAYOUT, normalizeLayout } from './badges.ts';

const BOTH = { deep_dive: true, execute_code: true, mcp: false };

/** GET …/web_search/auth answers `authenticated`; the tools list offers web_search with one key. */
function serve(authenticated: boolean) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      calls.push({
        method: init?.method ?? 'GET',
        url,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      });
      if (url.endsWith('/auth'))
        return new Response(JSON.stringify({ authenticated, message: 'user_provided' }));
      if (url === '/api/agents/tools')
        return new Response(
          JSON.stringify([
            {
              pluginKey: 'web_search',
              name: 'Web Search',
              description: 'Search the web',
              authConfig: [{ authField: 'SERPER_API_KEY', label: 'Serper API Key', description: 'Your key' }],
              authenticated,
            },
          ]),
        );
      if (url === '/api/user/plugins') return new Response(null, { status: 204 });
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

function setup(available = BOTH, toolKey = 'c1') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TooltipProvider>
        <BadgeRow userId="u1" toolKey={toolKey} available={available} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

const rowIds = () =>
  Array.from(screen.getByTestId('badge-row').querySelectorAll('[aria-pressed]')).map((b) =>
    b.getAttribute('data-testid'),
  );
const editIds = () =>
  Array.from(screen.getByTestId('badge-editor-shown').children)
    .map((li) => li.getAttribute('data-testid'))
    // The MCP badge (no servers here) is arranged too; these tests move the other two.
    .filter((id) => id !== 'badge-edit-mcp');

describe('badge availability', () => {
  const all = ['web_search', 'execute_code'];
  it('offers code execution only with an engine, the capability and RUN_CODE USE (doc 3 §6)', () => {
    const on = { capabilities: all, executeCode: true, runCode: true, mcpServers: 0 };
    expect(availableBadges(on)).toEqual({ deep_dive: true, execute_code: true, mcp: false });
    expect(availableBadges({ ...on, runCode: false }).execute_code).toBe(false);
    expect(availableBadges({ ...on, executeCode: false }).execute_code).toBe(false);
    expect(availableBadges({ ...on, executeCode: undefined }).execute_code).toBe(false);
    expect(availableBadges({ ...on, capabilities: ['web_search'] }).execute_code).toBe(false);
    expect(availableBadges({ ...on, capabilities: undefined, mcpServers: 2 })).toEqual({
      deep_dive: false,
      execute_code: false,
      mcp: true,
    });
  });
});

describe('badge layout', () => {
  it('moves, drops, removes and adds back', () => {
    const l = DEFAULT_LAYOUT;
    expect(stepBadge(l, 'deep_dive', 1).order).toEqual(['execute_code', 'deep_dive', 'mcp']);
    expect(stepBadge(l, 'deep_dive', -1)).toBe(l);
    expect(dropBadge(l, 'execute_code', 'deep_dive').order).toEqual(['execute_code', 'deep_dive', 'mcp']);
    const removed = removeBadge(l, 'deep_dive');
    expect(removed.hidden).toEqual(['deep_dive']);
    expect(addBadge(removed, 'deep_dive')).toEqual({
      order: ['execute_code', 'mcp', 'deep_dive'],
      hidden: [],
    });
    expect(normalizeLayout({ order: ['nope' as never, 'execute_code'], hidden: ['execute_code'] })).toEqual({
      order: ['execute_code', 'deep_dive', 'mcp'],
      hidden: ['execute_code'],
    });
  });

  it('sends only the toggles that are on, and keeps a bounded number of conversations', () => {
    expect(ephemeralAgentOf(undefined)).toBeUndefined();
    expect(ephemeralAgentOf({ deep_dive: false })).toBeUndefined();
    expect(ephemeralAgentOf({ deep_dive: true, execute_code: false })).toEqual({ deep_dive: true });
    useBadgeStore.setState({ toggles: {} });
    const { setToggle } = useBadgeStore.getState();
    setToggle(NEW_CHAT_KEY, 'deep_dive', true);
    for (let i = 0; i < TOGGLES_KEPT + 5; i++) setToggle(`c${i}`, 'deep_dive', true);
    const keys = Object.keys(useBadgeStore.getState().toggles);
    expect(keys).toHaveLength(TOGGLES_KEPT + 1);
    expect(keys).toContain(NEW_CHAT_KEY);
    expect(keys).not.toContain('c0');
  });

  it('a new conversation keeps the toggles it was started with; an existing one keeps its own', () => {
    useBadgeStore.setState({ toggles: { [NEW_CHAT_KEY]: { deep_dive: true }, old: { deep_dive: false } } });
    useBadgeStore.getState().carryNew('created', true);
    useBadgeStore.getState().carryNew('old', true);
    expect(useBadgeStore.getState().toggles.created).toEqual({ deep_dive: true });
    expect(useBadgeStore.getState().toggles.old).toEqual({ deep_dive: false });
    // saveBadgesState on: the next new chat starts as this one did; off: with nothing on.
    expect(useBadgeStore.getState().toggles[NEW_CHAT_KEY]).toEqual({ deep_dive: true });
    useBadgeStore.getState().carryNew('second', false);
    expect(useBadgeStore.getState().toggles.second).toEqual({ deep_dive: true });
    expect(useBadgeStore.getState().toggles[NEW_CHAT_KEY]).toBeUndefined();
  });
});

describe('BadgeRow', () => {
  beforeEach(() => {
    useSession.setState({ status: 'authenticated', token: 't', user: user() });
    useBadgeStore.setState({ layouts: {}, toggles: {} });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows only available badges, and nothing when none is', () => {
    setup({ deep_dive: true, execute_code: false, mcp: false });
    expect(rowIds()).toEqual(['badge-deep_dive']);
    cleanup();
    setup({ deep_dive: false, execute_code: false, mcp: false });
    expect(screen.queryByTestId('badge-row')).toBeNull();
  });

  it('edit mode: reorder by keyboard and by drag, remove, add back; Save keeps it per user', async () => {
    setup();
    expect(rowIds()).toEqual(['badge-deep_dive', 'badge-execute_code']);
    fireEvent.click(screen.getByTestId('badge-edit'));
    await screen.findByTestId('badge-editor');

    fireEvent.keyDown(screen.getByTestId('badge-grip-deep_dive'), { key: 'ArrowRight' });
    expect(editIds()).toEqual(['badge-edit-execute_code', 'badge-edit-deep_dive']);
    expect(screen.getByText('Deep Dive moved to position 2.')).toBeTruthy();

    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      effectAllowed: '',
      dropEffect: '',
    };
    fireEvent.dragStart(screen.getByTestId('badge-edit-deep_dive'), { dataTransfer });
    fireEvent.dragOver(screen.getByTestId('badge-edit-execute_code'), { dataTransfer });
    fireEvent.drop(screen.getByTestId('badge-edit-execute_code'), { dataTransfer });
    expect(editIds()).toEqual(['badge-edit-deep_dive', 'badge-edit-execute_code']);

    fireEvent.click(screen.getByTestId('badge-remove-deep_dive'));
    expect(editIds()).toEqual(['badge-edit-execute_code']);
    fireEvent.click(screen.getByTestId('badge-add-deep_dive'));
    expect(editIds()).toEqual(['badge-edit-execute_code', 'badge-edit-deep_dive']);
    fireEvent.click(screen.getByTestId('badge-remove-execute_code'));
    fireEvent.click(screen.getByTestId('badge-save'));

    expect(rowIds()).toEqual(['badge-deep_dive']);
    // Added back at the end.
    expect(useBadgeStore.getState().layouts.u1).toEqual({
      order: ['execute_code', 'mcp', 'deep_dive'],
      hidden: ['execute_code'],
    });
  });

  it('edit mode: Cancel discards the draft', async () => {
    setup();
    fireEvent.click(screen.getByTestId('badge-edit'));
    await screen.findByTestId('badge-editor');
    fireEvent.keyDown(screen.getByTestId('badge-grip-execute_code'), { key: 'ArrowLeft' });
    fireEvent.click(screen.getByTestId('badge-remove-deep_dive'));
    fireEvent.click(screen.getByTestId('badge-cancel'));
    expect(rowIds()).toEqual(['badge-deep_dive', 'badge-execute_code']);
    expect(useBadgeStore.getState().layouts.u1).toBeUndefined();
  });

  it('edit mode lists a badge the server cannot serve as not available, to arrange it', async () => {
    setup({ deep_dive: true, execute_code: false, mcp: false });
    fireEvent.click(screen.getByTestId('badge-edit'));
    await screen.findByTestId('badge-editor');
    expect(screen.getByTestId('badge-edit-execute_code').textContent).toContain('not available here');
  });

  it("Deep Dive on: 'Deep Dive Mode Enabled' with 'Awesome!', the toggle kept for this conversation", async () => {
    const calls = serve(true);
    setup(BOTH, 'c1');
    fireEvent.click(screen.getByTestId('badge-deep_dive'));
    const dialog = await screen.findByTestId('deep-dive-dialog');
    expect(screen.getByRole('dialog', { name: 'Deep Dive Mode Enabled' })).toBeTruthy();
    expect(dialog.textContent).toMatch(/click any response to dive deeper/i);
    expect(calls[0].url).toBe('/api/agents/tools/web_search/auth');
    expect(useBadgeStore.getState().toggles.c1).toEqual({ deep_dive: true });
    expect(screen.getByTestId('badge-deep_dive').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByText('Awesome!'));
    await waitFor(() => expect(screen.queryByTestId('deep-dive-dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('badge-deep_dive'));
    expect(useBadgeStore.getState().toggles.c1).toEqual({ deep_dive: false });
  });

  it('a badge whose tool lacks keys opens the key dialog instead of toggling; saving turns it on', async () => {
    const calls = serve(false);
    setup(BOTH, 'c2');
    fireEvent.click(screen.getByTestId('badge-deep_dive'));
    // A lazy chunk: its first import is transformed on demand (slow on a loaded machine).
    await screen.findByTestId('tool-key-dialog', {}, { timeout: 10_000 });
    expect(useBadgeStore.getState().toggles.c2).toBeUndefined();
    fireEvent.change(screen.getByTestId('tool-key-SERPER_API_KEY'), { target: { value: 'my-key' } });
    fireEvent.click(screen.getByTestId('tool-key-save'));
    await screen.findByTestId('deep-dive-dialog');
    expect(useBadgeStore.getState().toggles.c2).toEqual({ deep_dive: true });
    expect(calls.find((c) => c.url === '/api/user/plugins')?.body).toMatchObject({
      pluginKey: 'web_search',
      action: 'install',
      auth: { SERPER_API_KEY: 'my-key' },
    });
  });
});

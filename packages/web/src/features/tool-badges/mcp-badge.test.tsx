import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { useSession } from '../../store/session.ts';
import { user } from '../../testing/fixtures.ts';
import { BadgeRow } from './badge-row.tsx';
import { ephemeralAgentOf, useBadgeStore } from './badge-store.ts';
import { availableMcp } from './use-tool-toggles.ts';

const SERVERS = { everything: 'Everything', keyed: 'Keyed', signin: 'Sign-in' };

/** GET /api/mcp/tools: `everything` ready, `keyed` waits for the user's API_KEY, `signin` for OAuth. */
function serve(opts: { keySet?: boolean } = {}) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  let keySet = opts.keySet ?? false;
  const peer = {
    /** The other window's sign-in finished (the callback stored the tokens). */
    signedIn: false,
  };
  const state = (
    connectionState: string,
    authenticated: boolean,
    authConfig: unknown[] = [],
    requiresOAuth = false,
  ) => ({
    name: 'x',
    authenticated,
    authConfig,
    connectionState,
    requiresOAuth,
    tools: [],
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ method: init?.method ?? 'GET', url, body });
      if (url === '/api/mcp/tools')
        return new Response(
          JSON.stringify({
            servers: {
              everything: state('connected', true),
              keyed: state('disconnected', keySet, [
                { authField: 'API_KEY', label: 'API Key', description: 'Yours' },
              ]),
              signin: peer.signedIn
                ? state('connected', true, [], true)
                : state('requires_oauth', false, [], true),
            },
          }),
        );
      if (url === '/api/user/plugins') {
        if (body?.action === 'uninstall') {
          if (body.pluginKey === 'mcp_keyed') keySet = false;
          if (body.pluginKey === 'mcp_signin') peer.signedIn = false;
        } else keySet = true;
        return new Response(null, { status: 204 });
      }
      if (url === '/api/mcp/signin/oauth/bind') return new Response(null, { status: 204 });
      if (url === '/api/mcp/signin/oauth/initiate')
        return new Response(
          JSON.stringify({ success: true, serverName: 'signin', authorizationUrl: 'https://as/x' }),
        );
      return new Response('{}', { status: 404 });
    }),
  );
  return Object.assign(calls, { peer });
}

function setup(toolKey: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TooltipProvider>
        <BadgeRow
          userId="u1"
          toolKey={toolKey}
          available={{ deep_dive: false, execute_code: false, mcp: true }}
          mcpServers={SERVERS}
        />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

describe('MCP badge', () => {
  beforeEach(() => {
    useSession.setState({ status: 'authenticated', token: 't', user: user() });
    useBadgeStore.setState({ layouts: {}, toggles: {} });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends only picked servers the user still has', () => {
    expect(availableMcp(['a', 'gone', 'b'], ['b', 'a'])).toEqual(['a', 'b']);
    expect(availableMcp(undefined, ['a'])).toEqual([]);
    expect(ephemeralAgentOf({ mcp: ['a'] })).toEqual({ mcp: ['a'] });
    expect(ephemeralAgentOf({ mcp: [] })).toBeUndefined();
  });

  it('does not show without MCP servers, and loads no menu until used', () => {
    const calls = serve();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TooltipProvider>
          <BadgeRow
            userId="u1"
            toolKey="c0"
            available={{ deep_dive: true, execute_code: false, mcp: false }}
          />
        </TooltipProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId('badge-mcp')).toBeNull();
    cleanup();
    setup('c0');
    expect(screen.getByTestId('badge-mcp')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('picks several servers per conversation; another conversation keeps its own', async () => {
    serve();
    setup('c1');
    fireEvent.click(screen.getByTestId('badge-mcp'));
    await screen.findByTestId('mcp-menu');
    await waitFor(() =>
      expect(screen.getByTestId('mcp-server-keyed').querySelector('svg[aria-label]')).toBeTruthy(),
    );
    fireEvent.click(screen.getByTestId('mcp-server-everything'));
    expect(useBadgeStore.getState().toggles.c1?.mcp).toEqual(['everything']);
    expect(screen.getByTestId('mcp-server-everything').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('badge-mcp-count').textContent).toBe('1');
    // A server waiting for sign-in is picked as it is (the run skips it until then) and offers sign-in.
    fireEvent.click(screen.getByTestId('mcp-server-signin'));
    expect(useBadgeStore.getState().toggles.c1?.mcp).toEqual(['everything', 'signin']);
    fireEvent.click(screen.getByTestId('mcp-server-everything'));
    expect(useBadgeStore.getState().toggles.c1?.mcp).toEqual(['signin']);
    expect(useBadgeStore.getState().toggles.c2).toBeUndefined();
  });

  it("a server needing the user's values opens the key form; saving them (mcp_<server>) picks it", async () => {
    const calls = serve();
    setup('c3');
    fireEvent.click(screen.getByTestId('badge-mcp'));
    await screen.findByTestId('mcp-menu');
    await waitFor(() =>
      expect(screen.getByTestId('mcp-server-keyed').querySelector('svg[aria-label]')).toBeTruthy(),
    );
    fireEvent.click(screen.getByTestId('mcp-server-keyed'));
    // A lazy chunk: its first import is transformed on demand (slow on a loaded machine).
    await screen.findByTestId('tool-key-dialog', {}, { timeout: 10_000 });
    expect(useBadgeStore.getState().toggles.c3).toBeUndefined();
    fireEvent.change(screen.getByTestId('tool-key-API_KEY'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('tool-key-save'));
    await waitFor(() => expect(useBadgeStore.getState().toggles.c3?.mcp).toEqual(['keyed']));
    expect(calls.find((c) => c.url === '/api/user/plugins')?.body).toMatchObject({
      pluginKey: 'mcp_keyed',
      action: 'install',
      auth: { API_KEY: 'secret' },
    });
  });

  it('sign-in opens the authorization URL in a new window', async () => {
    const calls = serve();
    const popup = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => popup),
    );
    setup('c4');
    fireEvent.click(screen.getByTestId('badge-mcp'));
    fireEvent.click(await screen.findByTestId('mcp-signin-signin'));
    await waitFor(() => expect(popup.location.href).toBe('https://as/x'));
    expect(calls.some((c) => c.url === '/api/mcp/signin/oauth/initiate')).toBe(true);
  });

  it('values already set: the menu offers to change them (the form shows them saved, never their values) or remove them', async () => {
    const calls = serve({ keySet: true });
    setup('c5');
    fireEvent.click(screen.getByTestId('badge-mcp'));
    fireEvent.click(await screen.findByTestId('mcp-change-keyed'));
    // A lazy chunk: its first import is transformed on demand (slow on a loaded machine).
    await screen.findByTestId('tool-key-dialog', {}, { timeout: 10_000 });
    const field = screen.getByTestId('tool-key-API_KEY') as HTMLInputElement;
    expect(field.value).toBe('');
    expect(field.type).toBe('password');
    expect(field.placeholder).toBe('Saved — leave blank to keep it');
    expect((screen.getByTestId('tool-key-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'new-secret' } });
    fireEvent.click(screen.getByTestId('tool-key-save'));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/user/plugins').map((c) => c.body)).toEqual([
        expect.objectContaining({
          pluginKey: 'mcp_keyed',
          action: 'install',
          auth: { API_KEY: 'new-secret' },
        }),
      ]),
    );
    // Changing values picks nothing.
    expect(useBadgeStore.getState().toggles.c5).toBeUndefined();

    fireEvent.click(screen.getByTestId('badge-mcp'));
    fireEvent.click(await screen.findByTestId('mcp-revoke-keyed'));
    await waitFor(() =>
      expect(calls.some((c) => (c.body as { action?: string })?.action === 'uninstall')).toBe(true),
    );
    expect(calls.find((c) => (c.body as { action?: string })?.action === 'uninstall')?.body).toMatchObject({
      pluginKey: 'mcp_keyed',
    });
    await waitFor(() => expect(screen.queryByTestId('mcp-change-keyed')).toBeNull());
    expect(screen.getByTestId('mcp-server-keyed').querySelector('svg[aria-label]')).toBeTruthy();
  });

  it('after sign-in in the other window the state refreshes by itself; sign-out is offered then', async () => {
    const calls = serve();
    const popup = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => popup),
    );
    setup('c6');
    fireEvent.click(screen.getByTestId('badge-mcp'));
    fireEvent.click(await screen.findByTestId('mcp-signin-signin'));
    await waitFor(() => expect(popup.location.href).toBe('https://as/x'));
    // Bound to this browser before the sign-in starts.
    const order = calls.map((c) => c.url).filter((u) => u.startsWith('/api/mcp/signin/'));
    expect(order).toEqual(['/api/mcp/signin/oauth/bind', '/api/mcp/signin/oauth/initiate']);

    calls.peer.signedIn = true;
    await waitFor(() => expect(screen.queryByTestId('mcp-signin-signin')).toBeNull(), { timeout: 5_000 });
    fireEvent.click(screen.getByTestId('mcp-revoke-signin'));
    await waitFor(() => expect(screen.queryByTestId('mcp-signin-signin')).toBeTruthy());
    expect(calls.find((c) => (c.body as { action?: string })?.action === 'uninstall')?.body).toMatchObject({
      pluginKey: 'mcp_signin',
    });
  });
});

import type { AvailableTool } from '@parley/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session.ts';
import { user } from '../../testing/fixtures.ts';
import ToolPickerDialog from './tool-picker-dialog.tsx';
import { toolPageSize } from './tool-picker-pages.ts';

type Call = { method: string; url: string; body: unknown };

const plain = (i: number): AvailableTool => ({
  pluginKey: `tool_${i}`,
  name: `Tool ${i}`,
  description: i === 3 ? 'Reads the weather' : `Does thing ${i}`,
});
const keyed: AvailableTool = {
  pluginKey: 'stocks',
  name: 'Stocks',
  description: 'Quotes',
  authConfig: [
    { authField: 'STOCKS_KEY', label: 'Stocks API Key', description: 'Your key' },
    { authField: 'STOCKS_URL', label: 'Stocks URL', description: 'Where' },
  ],
  authenticated: false,
};

/** GET …/auth answers `authenticated`; POST /api/user/plugins answers `plugins` (204 or an error). */
function serve(o: { authenticated?: boolean; plugins?: Response } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      if (url.endsWith('/auth'))
        return new Response(
          JSON.stringify({ authenticated: o.authenticated ?? false, message: 'user_provided' }),
        );
      if (url === '/api/user/plugins') return o.plugins ?? new Response(null, { status: 204 });
      if (url === '/api/agents/tools') return new Response('[]');
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

function Harness({ tools, initial = [] }: { tools: AvailableTool[]; initial?: string[] }) {
  const [selected, setSelected] = useState<string[]>(initial);
  return (
    <>
      <output data-testid="selected">{selected.join(',')}</output>
      <ToolPickerDialog
        open
        onOpenChange={() => {}}
        tools={tools}
        selected={new Set(selected)}
        onAdd={(key) => setSelected((s) => [...s, key])}
        onRemove={(key) => setSelected((s) => s.filter((k) => k !== key))}
      />
    </>
  );
}

function setup(tools: AvailableTool[], initial?: string[]) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness tools={tools} initial={initial} />
    </QueryClientProvider>,
  );
}

const cards = () => screen.queryAllByTestId(/^tool-card-/).map((c) => c.dataset.testid?.slice(10));
const setWidth = (w: number) => {
  window.innerWidth = w;
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
};

describe('tool picker', () => {
  beforeEach(() => {
    useSession.setState({ status: 'authenticated', token: 't', user: user() });
    window.innerWidth = 1280;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('has the spec page sizes: 8 under 501 px, else two rows of 2, 3 or 4 columns', () => {
    expect([375, 500, 501, 639, 640, 1023, 1024, 1600].map(toolPageSize)).toEqual([8, 8, 4, 4, 6, 6, 8, 8]);
  });

  it('pages by the window width and searches names and descriptions', () => {
    serve();
    setup(Array.from({ length: 10 }, (_, i) => plain(i + 1)));
    expect(cards()).toHaveLength(8);
    expect(screen.getByTestId('tool-picker-page').textContent).toBe('Page 1 of 2');
    fireEvent.click(screen.getByTestId('tool-picker-next'));
    expect(cards()).toEqual(['tool_9', 'tool_10']);
    expect(screen.getByTestId('tool-picker-next')).toHaveProperty('disabled', true);

    setWidth(800);
    // 6 a page now: page 2 holds tools 7–10.
    expect(cards()).toEqual(['tool_7', 'tool_8', 'tool_9', 'tool_10']);
    setWidth(600);
    expect(screen.getByTestId('tool-picker-page').textContent).toBe('Page 2 of 3');

    fireEvent.change(screen.getByTestId('tool-picker-search'), { target: { value: 'WEATHER' } });
    expect(cards()).toEqual(['tool_3']);
    expect(screen.queryByTestId('tool-picker-page')).toBeNull();
    fireEvent.change(screen.getByTestId('tool-picker-search'), { target: { value: 'nothing like it' } });
    expect(screen.getByTestId('tool-picker-empty').textContent).toBe('No tools match your search.');
  });

  it('adds a tool without keys at once and removes an added one, with no key calls', () => {
    const calls = serve();
    setup([plain(1), plain(2)], ['tool_2']);
    fireEvent.click(screen.getByTestId('tool-install-tool_1'));
    expect(screen.getByTestId('selected').textContent).toBe('tool_2,tool_1');
    fireEvent.click(screen.getByTestId('tool-uninstall-tool_2'));
    expect(screen.getByTestId('selected').textContent).toBe('tool_1');
    expect(calls).toHaveLength(0);
  });

  it('asks the auth status, then the keys: each required, Save only when valid, install sent', async () => {
    const calls = serve({ authenticated: false });
    setup([keyed]);
    expect(screen.getByTestId('tool-auth-status-stocks').textContent).toBe('Needs your keys');
    fireEvent.click(screen.getByTestId('tool-install-stocks'));
    await screen.findByTestId('tool-auth-form');
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/agents/tools/stocks/auth' });
    expect(screen.getByTestId('tool-trust-warning').textContent).toMatch(/tools you trust/);
    const save = screen.getByTestId('tool-key-save');
    expect(save).toHaveProperty('disabled', true);

    fireEvent.change(screen.getByTestId('tool-key-STOCKS_KEY'), { target: { value: 'k' } });
    fireEvent.change(screen.getByTestId('tool-key-STOCKS_KEY'), { target: { value: '' } });
    expect(screen.getByRole('alert').textContent).toBe('Stocks API Key is required.');
    fireEvent.change(screen.getByTestId('tool-key-STOCKS_KEY'), { target: { value: 'secret-key' } });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.blur(screen.getByTestId('tool-key-STOCKS_URL'));
    expect(screen.getByRole('alert').textContent).toBe('Stocks URL is required.');
    fireEvent.change(screen.getByTestId('tool-key-STOCKS_URL'), { target: { value: 'https://q.example' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(save);

    await waitFor(() => expect(screen.getByTestId('selected').textContent).toBe('stocks'));
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/user/plugins',
      body: {
        pluginKey: 'stocks',
        action: 'install',
        auth: { STOCKS_KEY: 'secret-key', STOCKS_URL: 'https://q.example' },
        isEntityTool: true,
      },
    });
    expect(screen.queryByTestId('tool-auth-form')).toBeNull();
  });

  it('adds a keyed tool at once when its auth status says it is authenticated', async () => {
    serve({ authenticated: true });
    setup([keyed]);
    fireEvent.click(screen.getByTestId('tool-install-stocks'));
    await waitFor(() => expect(screen.getByTestId('selected').textContent).toBe('stocks'));
    expect(screen.queryByTestId('tool-auth-form')).toBeNull();
  });

  it("shows 'plugin auth error' and the server's words when install is refused", async () => {
    serve({
      plugins: new Response(JSON.stringify({ error: { code: 'validation', message: 'Bad key.' } }), {
        status: 400,
      }),
    });
    setup([{ ...keyed, authConfig: [keyed.authConfig![0]] }]);
    fireEvent.click(screen.getByTestId('tool-install-stocks'));
    fireEvent.change(await screen.findByTestId('tool-key-STOCKS_KEY'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('tool-key-save'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^plugin auth error .+/);
    expect(screen.getByTestId('selected').textContent).toBe('');
  });

  it('revokes the keys the user gave (uninstall)', async () => {
    const calls = serve();
    setup([{ ...keyed, authenticated: true }]);
    expect(screen.getByTestId('tool-auth-status-stocks').textContent).toBe('Your keys are set');
    fireEvent.click(screen.getByTestId('tool-revoke-stocks'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/plugins')?.body).toEqual({
        pluginKey: 'stocks',
        action: 'uninstall',
        isEntityTool: true,
      }),
    );
  });
});

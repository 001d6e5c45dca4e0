import type { McpToolsResponse } from '@parley/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session.ts';
import { user } from '../../testing/fixtures.ts';
import { type AgentForm, emptyForm, formBody } from './agent-form.ts';
import { mcpGroups } from './mcp-groups.ts';
import McpSection from './mcp-section.tsx';

type Servers = McpToolsResponse['servers'];
type Call = { method: string; url: string; body: unknown };

const tool = (name: string, server: string, description = `${name} does it`) => ({
  name,
  pluginKey: `${name}_mcp_${server}`,
  description,
});
const server = (over: Partial<Servers[string]> & { name: string }): Servers[string] => ({
  authenticated: true,
  authConfig: [],
  connectionState: 'connected',
  tools: [],
  ...over,
});

/**
 * `files` is connected with two tools; `down` is not connected (reinitialize connects it and then it
 * lists `ping`); `keyed` waits for the user's API_KEY; `signin` for OAuth.
 */
function serve() {
  const calls: Call[] = [];
  let downUp = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ method, url, body });
      if (url === '/api/mcp/tools') {
        const servers: Servers = {
          files: server({ name: 'Files', tools: [tool('read', 'files'), tool('write', 'files')] }),
          down: server({
            name: 'Down server',
            connectionState: downUp ? 'connected' : 'disconnected',
            tools: downUp ? [tool('ping', 'down')] : [],
          }),
          keyed: server({
            name: 'Keyed',
            authenticated: false,
            connectionState: 'disconnected',
            authConfig: [{ authField: 'API_KEY', label: 'API Key', description: 'Yours' }],
          }),
          signin: server({ name: 'Sign-in', authenticated: false, connectionState: 'requires_oauth' }),
        };
        return new Response(JSON.stringify({ servers }));
      }
      if (method === 'POST' && url === '/api/mcp/down/reinitialize') {
        downUp = true;
        return new Response(
          JSON.stringify({
            success: true,
            message: "MCP server 'down' reinitialized.",
            serverName: 'down',
            connectionState: 'connected',
            oauthRequired: false,
          }),
        );
      }
      if (method === 'POST' && url === '/api/user/plugins') return new Response(null, { status: 204 });
      if (method === 'POST' && url === '/api/mcp/keyed/reinitialize')
        return new Response(
          JSON.stringify({
            success: true,
            message: 'ok',
            serverName: 'keyed',
            connectionState: 'connected',
            oauthRequired: false,
          }),
        );
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

type Props = { initial?: string[]; disabled?: boolean; allowed?: boolean };

function Harness({ initial = [], disabled = false, allowed = true }: Props) {
  const [form, setForm] = useState<AgentForm>({ ...emptyForm(), id: 'agent_1', tools: initial });
  return (
    <>
      <output data-testid="tools">{formBody(form).tools.join(',')}</output>
      <McpSection editor={{ form, setForm }} disabled={disabled} allowed={allowed} />
    </>
  );
}

function setup(props: Props = {}) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

const saved = () => screen.getByTestId('tools').textContent;

describe("the builder's MCP servers section", () => {
  beforeEach(() => useSession.setState({ status: 'authenticated', token: 't', user: user() }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('groups tools under their server; picking one stores `<tool>_mcp_<server>`, the count follows', async () => {
    serve();
    setup();
    const files = await screen.findByTestId('agent-mcp-server-files');
    expect(files.textContent).toContain('Files');
    expect(within(files).getByTestId('agent-mcp-count-files').textContent).toBe('0 of 2 selected');
    fireEvent.click(within(files).getByTestId('agent-mcp-tool-read_mcp_files'));
    expect(saved()).toBe('read_mcp_files');
    expect(within(files).getByTestId('agent-mcp-count-files').textContent).toBe('1 of 2 selected');
    expect((within(files).getByTestId('agent-mcp-all-files') as HTMLInputElement).indeterminate).toBe(true);
    // The tool's name is its checkbox's label.
    fireEvent.click(within(files).getByText('write'));
    expect(saved()).toBe('read_mcp_files,write_mcp_files');
    expect((within(files).getByTestId('agent-mcp-all-files') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(files).getByTestId('agent-mcp-tool-read_mcp_files'));
    expect(saved()).toBe('write_mcp_files');
  });

  it("select all takes every tool of that server only; clearing removes the server's tools", async () => {
    serve();
    setup({ initial: ['web_search', 'other_mcp_gone'] });
    const all = await screen.findByTestId('agent-mcp-all-files');
    fireEvent.click(all);
    expect(saved()).toBe('web_search,other_mcp_gone,read_mcp_files,write_mcp_files');
    expect(screen.getByTestId('agent-mcp-count-files').textContent).toBe('2 of 2 selected');
    fireEvent.click(all);
    expect(saved()).toBe('web_search,other_mcp_gone');
  });

  it('keeps a held tool whose server is down or gone, listed and checked, and saves it', async () => {
    serve();
    setup({ initial: ['ping_mcp_down', 'other_mcp_gone'] });
    const down = await screen.findByTestId('agent-mcp-server-down');
    expect(within(down).getByTestId('agent-mcp-state-down').textContent).toBe('Not connected');
    expect(within(down).getByTestId('agent-mcp-unavailable-ping_mcp_down')).toBeTruthy();
    expect((within(down).getByTestId('agent-mcp-tool-ping_mcp_down') as HTMLInputElement).checked).toBe(true);
    expect(within(down).getByTestId('agent-mcp-count-down').textContent).toBe('1 of 1 selected');
    const gone = screen.getByTestId('agent-mcp-server-gone');
    expect(gone.textContent).toContain('This server is not available to you.');
    expect((within(gone).getByTestId('agent-mcp-tool-other_mcp_gone') as HTMLInputElement).checked).toBe(
      true,
    );
    expect(saved()).toBe('ping_mcp_down,other_mcp_gone');
    // The user may still take it off.
    fireEvent.click(within(gone).getByTestId('agent-mcp-tool-other_mcp_gone'));
    expect(saved()).toBe('ping_mcp_down');
  });

  it('Connect reinitializes a server that is not connected; its tools then list', async () => {
    const calls = serve();
    setup();
    const down = await screen.findByTestId('agent-mcp-server-down');
    expect(down.textContent).toContain('Its tools show once it is connected.');
    fireEvent.click(within(down).getByTestId('agent-mcp-connect-down'));
    await waitFor(() => expect(within(down).getByTestId('agent-mcp-tool-ping_mcp_down')).toBeTruthy());
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/mcp/down/reinitialize')).toBe(true);
    expect(within(down).queryByTestId('agent-mcp-connect-down')).toBeNull();
    expect(within(down).queryByTestId('agent-mcp-state-down')).toBeNull();
  });

  it("says what a server needs: the user's values (key form under mcp_<server>) or a sign-in", async () => {
    const calls = serve();
    setup();
    const keyed = await screen.findByTestId('agent-mcp-server-keyed');
    expect(within(keyed).getByTestId('agent-mcp-state-keyed').textContent).toBe('Needs your values: API Key');
    expect(within(keyed).queryByTestId('agent-mcp-connect-keyed')).toBeNull();
    const signin = screen.getByTestId('agent-mcp-server-signin');
    expect(within(signin).getByTestId('agent-mcp-state-signin').textContent).toBe('Needs you to sign in.');
    expect(within(signin).getByTestId('agent-mcp-signin-signin')).toBeTruthy();

    fireEvent.click(within(keyed).getByTestId('agent-mcp-keys-keyed'));
    // A lazy chunk: its first import is transformed on demand (slow on a loaded machine).
    await screen.findByTestId('tool-key-dialog', {}, { timeout: 10_000 });
    fireEvent.change(screen.getByTestId('tool-key-API_KEY'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('tool-key-save'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/mcp/keyed/reinitialize')).toBe(true),
    );
    const install = calls.find((c) => c.url === '/api/user/plugins');
    expect(install?.body).toMatchObject({
      pluginKey: 'mcp_keyed',
      action: 'install',
      auth: { API_KEY: 'secret' },
    });
  });

  it('without MCP_SERVERS USE asks for no servers and draws nothing, or only the tools the agent holds', async () => {
    const calls = serve();
    setup({ allowed: false });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('agent-section-mcp')).toBeNull();
    cleanup();
    setup({ allowed: false, initial: ['read_mcp_files'] });
    const files = await screen.findByTestId('agent-mcp-server-files');
    expect(files.getAttribute('data-state')).toBe('missing');
    expect(calls.some((c) => c.url === '/api/mcp/tools')).toBe(false);
  });

  it('checkboxes are disabled until the agent is saved', async () => {
    serve();
    setup({ disabled: true });
    const read = await screen.findByTestId('agent-mcp-tool-read_mcp_files');
    expect((read as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('mcpGroups', () => {
  it('lists servers in order and a group for each server only the agent names', () => {
    const groups = mcpGroups({ a: server({ name: 'A', tools: [tool('x', 'a')] }) }, [
      'x_mcp_a',
      'y_mcp_a',
      'z_mcp_b',
      'file_search',
    ]);
    expect(
      groups.map((g) => [g.server, g.state, g.selected, g.tools.map((r) => [r.key, r.available])]),
    ).toEqual([
      [
        'a',
        'connected',
        2,
        [
          ['x_mcp_a', true],
          ['y_mcp_a', false],
        ],
      ],
      ['b', 'missing', 1, [['z_mcp_b', false]]],
    ]);
  });
});

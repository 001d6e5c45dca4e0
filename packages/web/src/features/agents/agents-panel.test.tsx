import type { Agent } from '@parley/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session.ts';
import { agent, user as userFixture } from '../../testing/fixtures.ts';
import AgentsPanel from './agents-panel.tsx';

const user = userFixture();

const allPermissions = {
  AGENTS: { USE: true, CREATE: true, SHARED_GLOBAL: true },
  RUN_CODE: { USE: true },
};

type Call = { method: string; url: string; body: unknown };

/** A fake API for the builder: GETs answer from `agents`; writes are recorded and echoed. */
function serve(agents: Agent[], avatarGate: Promise<void> = Promise.resolve()) {
  const calls: Call[] = [];
  const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ method, url, body });
      if (url === '/api/config') return json({ interface: {}, instanceProjectId: 'inst' });
      if (url === '/api/endpoints')
        return json({ openAI: { order: 0, userProvide: false }, agents: { order: 1, userProvide: false } });
      if (url.startsWith('/api/roles/')) return json({ name: 'USER', permissions: allPermissions });
      if (url === '/api/agents/tools') return json([]);
      if (url.startsWith('/api/files/agent/')) return json([]);
      const avatarFor = /^\/api\/files\/images\/agents\/([^/]+)\/avatar$/.exec(url)?.[1];
      if (avatarFor && method === 'POST') {
        const target = agents.find((a) => a.id === avatarFor);
        if (!target) return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
        await avatarGate;
        target.avatar = { filepath: `/api/files/avatars/agents/${avatarFor}/a.png`, source: 'local' };
        return json(target);
      }
      if (url.startsWith('/api/agents?') || url === '/api/agents') {
        if (method === 'POST') {
          const created = agent({ ...body, id: 'agent_new', author: 'u1' });
          agents.push(created);
          return json(created);
        }
        return json({
          object: 'list',
          data: agents,
          first_id: null,
          last_id: null,
          has_more: false,
          after: null,
        });
      }
      const id = decodeURIComponent(url.split('/')[3] ?? '');
      const found = agents.find((a) => a.id === id);
      if (method === 'PATCH' && found) return json({ ...found, ...body });
      if (method === 'DELETE' && found) return new Response(null, { status: 204 });
      if (method === 'POST' && url.endsWith('/duplicate') && found)
        return json({ agent: { ...found, id: `${found.id}_copy` }, actions: [] });
      if (found) return json(found);
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    }),
  );
  return calls;
}

function setup(agents: Agent[], currentAgentId: string | null = null, avatarGate?: Promise<void>) {
  const calls = serve(agents, avatarGate);
  const onSelectAgent = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AgentsPanel
          currentAgentId={currentAgentId}
          onSelectAgent={onSelectAgent}
          providers={[
            { name: 'openAI', label: 'OpenAI', models: ['gpt-4o', 'gpt-4'] },
            { name: 'anthropic', label: 'Anthropic', models: ['claude-4'] },
            { name: 'agents', label: 'Agents', models: [] },
          ]}
          renderParameters={() => null}
          permissions={{ sharedGlobal: true, runCode: true, mcpServers: true }}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, onSelectAgent };
}

const change = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('AgentsPanel', () => {
  beforeEach(() => {
    useSession.setState({ status: 'authenticated', token: 't', user });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ status: 'loading', token: null, user: null });
  });

  it('requires instructions, and provider and model with a toast, before creating', async () => {
    const error = vi.spyOn(toast, 'error');
    const { calls } = setup([]);
    fireEvent.click(await screen.findByTestId('agent-save'));
    expect(screen.getByTestId('agent-instructions-error').textContent).toBe('This field is required');
    expect(error).toHaveBeenCalledWith('Please select a provider and model before creating an agent.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates an agent from the form and selects it', async () => {
    const { calls, onSelectAgent } = setup([]);
    change('agent-name', 'Researcher');
    change('agent-instructions', 'Find sources');
    fireEvent.click(screen.getByTestId('agent-open-model'));
    // Only real providers are offered: the agents endpoint is not one.
    const providers = [...(screen.getByTestId('agent-provider') as HTMLSelectElement).options].map(
      (o) => o.value,
    );
    expect(providers).toEqual(['', 'openAI', 'anthropic']);
    change('agent-provider', 'anthropic');
    expect((screen.getByTestId('agent-model') as HTMLSelectElement).value).toBe('claude-4');
    fireEvent.click(screen.getByTestId('agent-subpanel-back'));
    fireEvent.click(screen.getByTestId('agent-save'));
    await waitFor(() => expect(onSelectAgent).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      name: 'Researcher',
      instructions: 'Find sources',
      provider: 'anthropic',
      model: 'claude-4',
    });
    expect(onSelectAgent.mock.calls[0][0]).toMatchObject({ id: 'agent_new' });
  });

  it('disables capability toggles and uploads until the agent exists', async () => {
    setup([]);
    const fileSearch = (await screen.findByTestId('agent-tool-file_search')) as HTMLButtonElement;
    expect(fileSearch.disabled).toBe(true);
    expect((screen.getByTestId('agent-file-upload-file_search') as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps an avatar chosen before the first save and uploads it once the agent exists', async () => {
    let release = () => {};
    const { calls } = setup([], null, new Promise<void>((resolve) => (release = resolve)));
    const button = (await screen.findByTestId('agent-avatar-button')) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'face.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('agent-avatar-input'), { target: { files: [file] } });
    // Shown at once, nothing sent before the agent exists.
    expect(await screen.findByTestId('agent-avatar-preview')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/avatar'))).toBe(false);

    change('agent-instructions', 'Find sources');
    fireEvent.click(screen.getByTestId('agent-open-model'));
    change('agent-provider', 'openAI');
    fireEvent.click(screen.getByTestId('agent-subpanel-back'));
    fireEvent.click(screen.getByTestId('agent-save'));

    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.url === '/api/files/images/agents/agent_new/avatar'),
      ).toBe(true),
    );
    // doc 3 §4: 0.4 while the upload runs, then 1 (the bar goes away).
    const progress = (await screen.findByTestId('agent-avatar-progress')) as HTMLProgressElement;
    expect(progress.value).toBe(0.4);
    release();
    await waitFor(() => expect(screen.queryByTestId('agent-avatar-progress')).toBeNull());
    const create = calls.findIndex((c) => c.method === 'POST' && c.url === '/api/agents');
    const upload = calls.findIndex((c) => c.url.endsWith('/avatar'));
    expect(create).toBeGreaterThanOrEqual(0);
    expect(upload).toBeGreaterThan(create);
    // The saved avatar replaces the preview.
    await waitFor(() =>
      expect(screen.getByTestId('agent-avatar').getAttribute('src')).toBe(
        '/api/files/avatars/agents/agent_new/a.png',
      ),
    );
    expect(screen.queryByTestId('agent-avatar-preview')).toBeNull();
  });

  it('drops a waiting avatar when create-new or another agent is chosen', async () => {
    const { calls } = setup([agent()]);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'face.png', { type: 'image/png' });
    fireEvent.change(await screen.findByTestId('agent-avatar-input'), { target: { files: [file] } });
    expect(await screen.findByTestId('agent-avatar-preview')).toBeTruthy();
    change('agent-select', 'agent_1');
    expect(((await screen.findByTestId('agent-name')) as HTMLInputElement).value).toBe('Helper');
    expect(screen.queryByTestId('agent-avatar-preview')).toBeNull();
    expect(calls.some((c) => c.url.includes('/avatar'))).toBe(false);
  });

  it('loads a selected agent; file-search upload waits for file search to be on', async () => {
    setup([agent()], 'agent_1');
    expect(((await screen.findByTestId('agent-name')) as HTMLInputElement).value).toBe('Helper');
    const upload = screen.getByTestId('agent-file-upload-file_search') as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('agent-tool-file_search'));
    expect(upload.disabled).toBe(false);
    // The author may duplicate, share and delete.
    expect(screen.getByTestId('agent-duplicate')).toBeTruthy();
    expect(screen.getByTestId('agent-delete')).toBeTruthy();
    expect(screen.getByTestId('agent-sharing')).toBeTruthy();
  });

  it("shows 'not available' for another user's private agent", async () => {
    setup([agent({ author: 'u2' })], 'agent_1');
    expect(await screen.findByTestId('agent-no-access')).toBeTruthy();
    expect(screen.queryByTestId('agent-save')).toBeNull();
  });

  it('lets a collaborator edit but not duplicate or share', async () => {
    setup([agent({ author: 'u2', isCollaborative: true, projectIds: ['inst'] })], 'agent_1');
    await screen.findByTestId('agent-save');
    expect(screen.queryByTestId('agent-duplicate')).toBeNull();
    expect(screen.queryByTestId('agent-sharing')).toBeNull();
    expect(screen.getByTestId('agent-delete')).toBeTruthy();
  });

  it('shares with everyone through the instance project; editing waits for sharing', async () => {
    const { calls } = setup([agent()], 'agent_1');
    const allowEditing = (await screen.findByTestId('agent-allow-editing')) as HTMLButtonElement;
    expect(allowEditing.disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByTestId('agent-share-everyone')));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      projectIds: ['inst'],
      isCollaborative: false,
    });
  });

  it('chains other agents as n / 10, never itself, with a note at 10', async () => {
    const others = Array.from({ length: 11 }, (_, i) =>
      agent({ id: `agent_${i + 2}`, name: `Other ${i + 2}` }),
    );
    setup([agent(), ...others], 'agent_1');
    fireEvent.click(await screen.findByTestId('agent-open-advanced'));
    expect(screen.getByTestId('agent-chain-count').textContent).toBe('0 / 10');
    const offered = () =>
      [...(screen.getByTestId('agent-chain-add') as HTMLSelectElement).options]
        .map((o) => o.value)
        .filter(Boolean);
    expect(offered()).not.toContain('agent_1');
    for (let i = 2; i <= 11; i++) change('agent-chain-add', `agent_${i}`);
    expect(screen.getByTestId('agent-chain-count').textContent).toBe('10 / 10');
    expect(screen.getByTestId('agent-chain-max').textContent).toBe('Maximum of 10 agents reached.');
    expect(screen.queryByTestId('agent-chain-add')).toBeNull();
  });

  it('deletes after confirming and selects the first remaining agent', async () => {
    const { calls, onSelectAgent } = setup([agent(), agent({ id: 'agent_2', name: 'Second' })], 'agent_1');
    fireEvent.click(await screen.findByTestId('agent-delete'));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(onSelectAgent).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/agents/agent_1')).toBe(true);
    expect(onSelectAgent.mock.calls.at(-1)?.[0]).toMatchObject({ id: 'agent_2' });
  });

  it('clears the chat agent when the last agent is deleted', async () => {
    const { onSelectAgent } = setup([agent()], 'agent_1');
    fireEvent.click(await screen.findByTestId('agent-delete'));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(onSelectAgent).toHaveBeenCalledWith(null));
  });

  it('duplicates for the author and selects the copy', async () => {
    const { onSelectAgent } = setup([agent()], 'agent_1');
    fireEvent.click(await screen.findByTestId('agent-duplicate'));
    await waitFor(() => expect(onSelectAgent).toHaveBeenCalled());
    expect(onSelectAgent.mock.calls[0][0]).toMatchObject({ id: 'agent_1_copy' });
  });
});

import type { Agent } from '@parley/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session.ts';
import { AssistantBuilder } from './assistant-builder.tsx';

const saved = (id: string, over: Partial<Agent> = {}): Agent =>
  ({
    id,
    name: `Assistant ${id}`,
    description: null,
    instructions: null,
    provider: 'openAI',
    model: 'gpt-4o',
    model_parameters: {},
    tools: [],
    agent_ids: [],
    end_after_tools: false,
    hide_sequential_outputs: false,
    recursion_limit: null,
    artifacts: '',
    tool_resources: {},
    conversation_starters: [],
    require_approval: [],
    category: 'general',
    kind: 'assistant',
    append_current_datetime: false,
    avatar: null,
    author: 'u1',
    authorName: 'Ada',
    projectIds: [],
    isCollaborative: false,
    is_promoted: false,
    version: 1,
    createdAt: 1,
    updatedAt: 1,
    ...over,
  }) as Agent;

type Call = { method: string; path: string; body: unknown };

/** A file of GET /api/files/agent/:id (the fields the builder reads). */
const agentFile = (file_id: string, filename: string, type: string, tool_resource: string) =>
  ({
    file_id,
    filename,
    type,
    tool_resource,
    bytes: 10,
    filepath: `/api/files/download/u1/${file_id}`,
  }) as never;

function server({
  capabilities = ['execute_code', 'file_search'],
  mine = [] as Agent[],
  files = [] as unknown[],
} = {}) {
  const calls: Call[] = [];
  let stored = [...mine];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://x');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ method, path: url.pathname + url.search, body });
      const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status });
      if (url.pathname === '/api/roles/USER')
        return json({
          name: 'USER',
          permissions: { AGENTS: { USE: true, CREATE: true }, RUN_CODE: { USE: true } },
        });
      if (url.pathname === '/api/endpoints')
        return json({
          anthropic: { order: 2, userProvide: false },
          openAI: { order: 1, userProvide: false },
          agents: { order: 9, userProvide: false, capabilities },
        });
      if (url.pathname === '/api/models')
        return json({ openAI: ['gpt-4o', 'o1-mini'], anthropic: ['claude-sonnet-4'] });
      if (url.pathname === '/api/config') return json({ avatarSizeLimit: 1000 });
      if (url.pathname === '/api/agents' && method === 'GET')
        return json({
          object: 'list',
          data: stored,
          first_id: null,
          last_id: null,
          has_more: false,
          after: null,
        });
      if (url.pathname === '/api/agents' && method === 'POST') {
        const agent = saved('agent_new', body as Partial<Agent>);
        stored = [...stored, agent];
        return json(agent);
      }
      if (url.pathname === '/api/files' && method === 'POST') return json({ file_id: 'f1' });
      if (url.pathname.startsWith('/api/files/agent/')) return json(files);
      const patched = stored.find((a) => url.pathname === `/api/agents/${a.id}`);
      if (patched && method === 'PATCH') {
        Object.assign(patched, body as Partial<Agent>);
        return json(patched);
      }
      if (url.pathname.endsWith('/avatar'))
        return json(saved('agent_new', { avatar: { filepath: '/images/a.png', source: 'local' } }));
      if (method === 'DELETE') {
        stored = stored.filter((a) => !url.pathname.endsWith(a.id));
        return new Response(null, { status: 204 });
      }
      return json({}, 404);
    }),
  );
  return calls;
}

function renderBuilder() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AssistantBuilder />
    </QueryClientProvider>,
  );
}

const starterInput = () => screen.getByTestId('assistant-starter-input') as HTMLInputElement;
const enter = (el: HTMLElement) => fireEvent.keyDown(el, { key: 'Enter' });

describe('assistant builder', () => {
  beforeEach(() => {
    useSession.setState({ status: 'authenticated', token: 't', user: { role: 'USER' } as never });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ status: 'loading', token: null, user: null });
  });

  it('creates an agent of kind assistant on OpenAI, then uploads the avatar chosen before', async () => {
    const calls = server();
    renderBuilder();
    fireEvent.change(await screen.findByTestId('assistant-name'), { target: { value: 'Tutor' } });
    for (const text of ['One', '   ', 'Two', 'Three', 'Four']) {
      fireEvent.change(starterInput(), { target: { value: text } });
      enter(starterInput());
    }
    expect(screen.getByTestId('assistant-starters').querySelectorAll('input')).toHaveLength(5); // 4 + the new one
    // At the max, Enter shakes the field and adds nothing.
    fireEvent.change(starterInput(), { target: { value: 'Five' } });
    enter(starterInput());
    expect(screen.getByTestId('assistant-starters').querySelector('[data-shake]')).not.toBeNull();

    const avatar = new File([new Uint8Array(10)], 'a.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('assistant-avatar-input'), { target: { files: [avatar] } });
    fireEvent.click(screen.getByTestId('assistant-code'));
    await act(async () => fireEvent.click(screen.getByTestId('assistant-save')));

    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/avatar'))).toBe(true));
    const writes = calls.filter((c) => c.method === 'POST');
    expect(writes.map((c) => c.path)).toEqual(['/api/agents', '/api/files/images/agents/agent_new/avatar']);
    expect(writes[0].body).toMatchObject({
      kind: 'assistant',
      provider: 'openAI',
      model: 'gpt-4o',
      name: 'Tutor',
      conversation_starters: ['One', 'Two', 'Three', 'Four'],
      tools: ['execute_code'],
    });
    expect(writes[1].body).toBeInstanceOf(FormData);
  });

  it('forces file search off for a model that cannot use it, with the reason', async () => {
    server();
    renderBuilder();
    const search = await screen.findByTestId('assistant-file-search');
    fireEvent.click(search);
    expect(search.getAttribute('aria-checked')).toBe('true');
    fireEvent.change(screen.getByTestId('assistant-model'), { target: { value: 'o1-mini' } });
    expect(search.getAttribute('aria-checked')).toBe('false');
    expect(search.hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText('File search is not enabled on this model. Please select another model.'),
    ).toBeTruthy();
  });

  it('explains why code interpreter is off when the agents config turns execute_code off', async () => {
    server({ capabilities: ['file_search'] });
    renderBuilder();
    const code = await screen.findByTestId('assistant-code');
    expect(code.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Code execution is turned off for agents on this server.')).toBeTruthy();
  });

  it('refuses an avatar over the size limit with the limit in the message', async () => {
    const calls = server();
    renderBuilder();
    const big = new File([new Uint8Array(2000)], 'a.png', { type: 'image/png' });
    fireEvent.change(await screen.findByTestId('assistant-avatar-input'), { target: { files: [big] } });
    expect(screen.getByTestId('assistant-avatar').querySelector('img')).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/avatar'))).toBe(false);
  });

  it('after a delete, opens the first remaining assistant', async () => {
    server({ mine: [saved('agent_a'), saved('agent_b'), saved('other', { kind: 'agent' })] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AssistantBuilder initialId="agent_b" />
      </QueryClientProvider>,
    );
    const select = (await screen.findByTestId('assistant-select')) as HTMLSelectElement;
    await waitFor(() =>
      expect((screen.getByTestId('assistant-name') as HTMLInputElement).value).toBe('Assistant agent_b'),
    );
    // Only assistants are listed (plus "create new").
    expect([...select.options].map((o) => o.value)).toEqual(['', 'agent_a', 'agent_b']);
    fireEvent.click(screen.getByTestId('assistant-delete'));
    await act(async () => fireEvent.click(await screen.findByTestId('confirm-button')));
    await waitFor(() => expect(select.value).toBe('agent_a'));
    await waitFor(() =>
      expect((screen.getByTestId('assistant-name') as HTMLInputElement).value).toBe('Assistant agent_a'),
    );
  });

  it('adds files to an existing assistant for the capabilities that are on', async () => {
    const calls = server({ mine: [saved('agent_a', { tools: ['file_search'] })] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AssistantBuilder initialId="agent_a" />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('assistant-upload-file_search'));
    expect(screen.queryByTestId('assistant-upload-execute_code')).toBeNull();
    const input = screen.getByTestId('assistant-files').querySelector('input[type=file]') as HTMLInputElement;
    const doc = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    await act(async () => fireEvent.change(input, { target: { files: [doc] } }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/files')).toBe(true));
    const form = calls.find((c) => c.path === '/api/files')?.body as FormData;
    expect(form.get('agent_id')).toBe('agent_a');
    expect(form.get('tool_resource')).toBe('file_search');
    expect((form.get('file') as File).name).toBe('notes.txt');
  });

  it("lists each resource's files by name and type, and removes one from the assistant", async () => {
    const calls = server({
      mine: [
        saved('agent_a', {
          tools: ['file_search', 'execute_code'],
          tool_resources: {
            file_search: { file_ids: ['f1', 'f2'] },
            execute_code: { file_ids: ['f3'] },
          },
        }),
      ],
      files: [
        agentFile('f1', 'handbook.pdf', 'application/pdf', 'file_search'),
        agentFile('f2', 'prices.csv', 'text/csv', 'file_search'),
        agentFile('f3', 'chart.py', 'text/x-python', 'execute_code'),
      ],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AssistantBuilder initialId="agent_a" />
      </QueryClientProvider>,
    );
    const search = await screen.findByTestId('assistant-files-file_search');
    await waitFor(() => expect(search.querySelectorAll('[data-testid=assistant-file]')).toHaveLength(2));
    const names = (root: HTMLElement) =>
      [...root.querySelectorAll('[data-testid=resource-file-name]')].map((n) => n.textContent);
    const exts = (root: HTMLElement) =>
      [...root.querySelectorAll('[data-testid=resource-file-ext]')].map((n) => n.textContent);
    expect(names(search)).toEqual(['handbook.pdf', 'prices.csv']);
    expect(exts(search)).toEqual(['PDF', 'CSV']);
    const code = screen.getByTestId('assistant-files-execute_code');
    expect(names(code)).toEqual(['chart.py']);
    // No count any more: the files themselves are listed.
    expect(screen.getByTestId('assistant-files').textContent).not.toMatch(/file\(s\)/);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove handbook.pdf' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.path).toBe('/api/agents/agent_a');
    expect(patch?.body).toEqual({
      tool_resources: { file_search: { file_ids: ['f2'] }, execute_code: { file_ids: ['f3'] } },
    });
    await waitFor(() =>
      expect(names(screen.getByTestId('assistant-files-file_search'))).toEqual(['prices.csv']),
    );
  });
});

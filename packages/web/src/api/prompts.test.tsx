import type { Prompt, PromptGroup, PromptGroupList } from '@parley/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { promptKeys, useDeletePromptVersion, useMakeProduction } from './prompts.ts';

const group = (over: Partial<PromptGroup> = {}): PromptGroup => ({
  _id: 'g1',
  name: 'Group',
  oneliner: '',
  category: '',
  command: '',
  author: 'u1',
  authorName: 'Ann',
  productionId: 'p1',
  productionPrompt: { prompt: 'one' },
  numberOfGenerations: 0,
  projectIds: [],
  isPublic: false,
  sharedWithMe: false,
  canEdit: true,
  createdAt: 1,
  updatedAt: 1,
  ...over,
});

const version = (id: string, text: string, createdAt: number): Prompt => ({
  _id: id,
  groupId: 'g1',
  author: 'u1',
  prompt: text,
  type: 'text',
  createdAt,
  updatedAt: createdAt,
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const list: PromptGroupList = {
    promptGroups: [group()],
    pageNumber: 1,
    pageSize: 10,
    pages: 1,
    has_more: false,
    after: null,
  };
  client.setQueryData(promptKeys.group('g1'), group());
  client.setQueryData(promptKeys.groupList({ pageSize: 10 }), list);
  client.setQueryData(promptKeys.versions('g1'), [version('p2', 'two', 2), version('p1', 'one', 1)]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

/** The server's answer, held until `release` is called. */
function serverAnswer(status: number, body: unknown) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await gate;
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return () => release();
}

const productionOf = (client: QueryClient) => ({
  detail: client.getQueryData<PromptGroup>(promptKeys.group('g1'))?.productionId,
  list: client.getQueryData<PromptGroupList>(promptKeys.groupList({ pageSize: 10 }))?.promptGroups[0]
    .productionId,
  text: client.getQueryData<PromptGroup>(promptKeys.group('g1'))?.productionPrompt?.prompt,
});

describe('make production (doc 2 §4.8)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('applies at once, and rolls back when the server refuses', async () => {
    const { client, wrapper } = setup();
    const release = serverAnswer(500, { error: { code: 'internal', message: 'boom' } });
    const { result } = renderHook(() => useMakeProduction(), { wrapper });
    act(() => result.current.mutate({ promptId: 'p2', groupId: 'g1', prompt: 'two' }));
    await waitFor(() => expect(productionOf(client)).toEqual({ detail: 'p2', list: 'p2', text: 'two' }));
    release();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(productionOf(client)).toEqual({ detail: 'p1', list: 'p1', text: 'one' });
  });

  it('keeps the change when the server agrees', async () => {
    const { client, wrapper } = setup();
    const release = serverAnswer(200, { message: 'ok' });
    const { result } = renderHook(() => useMakeProduction(), { wrapper });
    act(() => result.current.mutate({ promptId: 'p2', groupId: 'g1', prompt: 'two' }));
    release();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(productionOf(client).detail).toBe('p2');
  });
});

describe('delete a version (doc 2 §4.8)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('moves production to the newest remaining version when production goes', async () => {
    const { client, wrapper } = setup();
    client.setQueryData(
      promptKeys.group('g1'),
      group({ productionId: 'p2', productionPrompt: { prompt: 'two' } }),
    );
    serverAnswer(200, { prompt: 'deleted' })();
    const { result } = renderHook(() => useDeletePromptVersion(), { wrapper });
    act(() => result.current.mutate({ promptId: 'p2', groupId: 'g1' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(client.getQueryData<Prompt[]>(promptKeys.versions('g1'))?.map((v) => v._id)).toEqual(['p1']);
    expect(productionOf(client)).toMatchObject({ detail: 'p1', text: 'one' });
  });

  it('removes the group from the lists when its last version went', async () => {
    const { client, wrapper } = setup();
    serverAnswer(200, { prompt: 'deleted', promptGroup: { message: 'deleted', id: 'g1' } })();
    const { result } = renderHook(() => useDeletePromptVersion(), { wrapper });
    act(() => result.current.mutate({ promptId: 'p1', groupId: 'g1' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(
      client.getQueryData<PromptGroupList>(promptKeys.groupList({ pageSize: 10 }))?.promptGroups,
    ).toEqual([]);
    expect(client.getQueryData(promptKeys.group('g1'))).toBeUndefined();
  });
});

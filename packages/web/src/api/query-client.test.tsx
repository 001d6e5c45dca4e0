import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../store/session.ts';
import { useAuthedQuery } from './query-client.ts';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

describe('useAuthedQuery', () => {
  afterEach(() => {
    cleanup();
    useSession.setState({ status: 'loading', token: null, user: null });
  });

  it('waits for a session, then for the caller’s own condition', async () => {
    useSession.setState({ status: 'loading', token: null, user: null });
    const calls: string[] = [];
    const { result, rerender } = renderHook(
      ({ enabled }: { enabled: boolean }) =>
        useAuthedQuery({
          queryKey: ['probe'],
          queryFn: async () => {
            calls.push('fetch');
            return 42;
          },
          enabled,
        }),
      { wrapper, initialProps: { enabled: false } },
    );
    act(() => useSession.setState({ status: 'authenticated', token: 't', user: null }));
    expect(result.current.fetchStatus).toBe('idle');
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.data).toBe(42));
    expect(calls).toEqual(['fetch']);
  });

  it('asks nothing while signed out, whatever the caller says', () => {
    useSession.setState({ status: 'unauthenticated', token: null, user: null });
    const { result } = renderHook(
      () => useAuthedQuery({ queryKey: ['probe-out'], queryFn: async () => 1, enabled: true }),
      { wrapper },
    );
    expect(result.current.fetchStatus).toBe('idle');
    expect(result.current.isPending).toBe(true);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authKeys } from '../../api/auth.ts';
import { usePreferences } from '../../store/preferences.ts';
import { useSession } from '../../store/session.ts';
import { user } from '../../testing/fixtures.ts';
import { matchesSlash, useSlashCommands } from './slash-commands.ts';

function wrapper(promptsUse: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(authKeys.role('USER'), {
    name: 'USER',
    permissions: { PROMPTS: { USE: promptsUse, CREATE: true, SHARED_GLOBAL: false } },
  });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('the / command gate', () => {
  beforeEach(() => {
    useSession.setState({ status: 'authenticated', token: 't', user: user() });
    usePreferences.setState({ slashCommand: true });
  });
  afterEach(cleanup);

  it('opens only on a leading slash, on one line', () => {
    expect(matchesSlash('/')).toBe(true);
    expect(matchesSlash('/sum up')).toBe(true);
    expect(matchesSlash(' /sum')).toBe(false);
    expect(matchesSlash('/sum\nmore')).toBe(false);
    expect(matchesSlash('')).toBe(false);
  });

  it('needs PROMPTS USE and the slash command setting', () => {
    expect(renderHook(useSlashCommands, { wrapper: wrapper(true) }).result.current).not.toBeNull();
    expect(renderHook(useSlashCommands, { wrapper: wrapper(false) }).result.current).toBeNull();
    usePreferences.setState({ slashCommand: false });
    expect(renderHook(useSlashCommands, { wrapper: wrapper(true) }).result.current).toBeNull();
  });
});

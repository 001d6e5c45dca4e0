import type { StartupConfig } from '@parley/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { configKeys } from '../../api/config.ts';
import { useSession } from '../../store/session.ts';
import { user as userFixture } from '../../testing/fixtures.ts';
import { DeleteAccountRow } from './delete-account.tsx';

const user = userFixture();

function setup(allowAccountDeletion: boolean) {
  const qc = new QueryClient();
  qc.setQueryData(configKeys.all, { allowAccountDeletion, interface: {} } as unknown as StartupConfig);
  useSession.setState({ status: 'authenticated', token: 't', user });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <DeleteAccountRow />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('DeleteAccountRow', () => {
  afterEach(() => {
    cleanup();
    useSession.setState({ status: 'loading', token: null, user: null });
  });

  it('keeps the delete button locked until the typed email matches, ignoring case', () => {
    setup(true);
    fireEvent.click(screen.getByTestId('delete-account'));
    const confirm = screen.getByTestId('delete-account-confirm') as HTMLButtonElement;
    const input = screen.getByTestId('delete-account-email');
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'ada@example.co' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'ADA@Example.com' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.change(input, { target: { value: 'someone@example.com' } });
    expect(confirm.disabled).toBe(true);
  });

  it('is not offered when the server does not allow deletion', () => {
    setup(false);
    expect(screen.queryByTestId('delete-account')).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthLayout } from './auth-layout.tsx';

const config = {
  appTitle: 'Parley',
  emailLoginEnabled: true,
  registrationEnabled: true,
  interface: {
    privacyPolicy: { externalUrl: 'https://example.com/privacy', openNewTab: true },
    termsOfService: { externalUrl: 'https://example.com/terms' },
  },
};

afterEach(cleanup);

describe('AuthLayout', () => {
  it('fetches the startup config only 500 ms after it appears, then shows the privacy and terms links', async () => {
    const fetchSpy = vi.fn(
      async (url: string) =>
        new Response(JSON.stringify(String(url).endsWith('/api/config') ? config : null), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/forgot-password']}>
          <AuthLayout>
            <p>body</p>
          </AuthLayout>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('auth-header').textContent).toBe('Reset password');
    await new Promise((r) => setTimeout(r, 350));
    expect(fetchSpy).not.toHaveBeenCalled();
    // Then the config and the banner are fetched.
    await waitFor(() =>
      expect(fetchSpy.mock.calls.map(([url]) => String(url)).sort()).toEqual(['/api/banner', '/api/config']),
    );

    const privacy = await screen.findByText('Privacy policy');
    expect(privacy.getAttribute('href')).toBe('https://example.com/privacy');
    expect(privacy.getAttribute('target')).toBe('_blank');
    const terms = screen.getByText('Terms of service');
    expect(terms.getAttribute('href')).toBe('https://example.com/terms');
    expect(terms.getAttribute('target')).toBeNull();
    vi.unstubAllGlobals();
  });
});

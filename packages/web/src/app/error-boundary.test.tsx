import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { errorLogFileName } from './error-log.ts';

/** A component that trusts its data: malformed JSON makes it throw while rendering. */
function Settings({ raw }: { raw: string }) {
  const parsed = JSON.parse(raw) as { title: string };
  return <p>{parsed.title}</p>;
}

function Failing({ error }: { error: unknown }): never {
  throw error;
}

describe('ErrorBoundary + error page (doc 2 §2.4)', () => {
  afterEach(() => cleanup());

  it('renders children while nothing fails', () => {
    render(
      <ErrorBoundary>
        <Settings raw='{"title":"fine"}' />
      </ErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
    expect(screen.queryByTestId('error-page')).toBeNull();
  });

  it('shows the message, the stack and extra details when a child throws on malformed data', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Settings raw="{not json" />
      </ErrorBoundary>,
    );
    expect(screen.getByTestId('error-page')).toBeTruthy();
    expect(screen.getByTestId('error-message').textContent).toMatch(/JSON/);
    expect(screen.getByTestId('error-stack').textContent).toMatch(/SyntaxError/);
    const extra = screen.getByTestId('error-extra').textContent ?? '';
    expect(extra).toContain('SyntaxError');
    expect(extra).toContain('Settings');
    expect(screen.queryByTestId('error-status')).toBeNull();
    expect(screen.getByTestId('error-refresh')).toBeTruthy();
  });

  it('shows an API status and downloads a log with the browser details and the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:log';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    render(
      <ErrorBoundary>
        <Failing error={new ApiError(503, 'unavailable', 'Service unavailable')} />
      </ErrorBoundary>,
    );
    expect(screen.getByTestId('error-status').textContent).toBe('Status: 503');
    fireEvent.click(screen.getByTestId('error-download-log'));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^error-log-\d{4}-\d{2}-\d{2}T.*\.json$/);
    const log = JSON.parse(await blobs[0].text());
    expect(Date.parse(log.timestamp)).not.toBeNaN();
    expect(log.browser).toEqual({
      userAgent: navigator.userAgent,
      platform: expect.any(String),
      language: navigator.language,
      windowSize: `${window.innerWidth}x${window.innerHeight}`,
    });
    expect(log.error).toMatchObject({ message: 'Service unavailable', status: 503, code: 'unavailable' });
    expect(log.error.stack).toContain('ApiError');
  });

  it('copes with thrown non-errors', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Failing error="plain text failure" />
      </ErrorBoundary>,
    );
    expect(screen.getByTestId('error-message').textContent).toBe('plain text failure');
    expect(screen.queryByTestId('error-stack')).toBeNull();
    expect(errorLogFileName(new Date('2025-01-02T03:04:05.678Z'))).toBe(
      'error-log-2025-01-02T03-04-05-678Z.json',
    );
  });
});

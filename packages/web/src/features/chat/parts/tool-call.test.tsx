import type { ToolCall } from '@parley/schema';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePreferences } from '../../../store/preferences.ts';
import { Attachments } from './attachments.tsx';
import { ToolCallBlock } from './tool-call.tsx';

const weather: ToolCall = {
  id: 'c1',
  type: 'tool_call',
  name: 'get_weather',
  args: '{"city":"Oslo"}',
  output: 'Sunny, 21 °C',
  progress: 1,
};
const code: ToolCall = {
  id: 'c2',
  name: 'execute_code',
  args: JSON.stringify({ lang: 'py', code: 'print(6 * 7)' }),
  output: '42',
  progress: 1,
};

describe('ToolCallBlock', () => {
  afterEach(() => {
    cleanup();
    usePreferences.setState({ showCode: false });
  });

  it('shows a finished call collapsed, and its args and output when expanded', () => {
    render(<ToolCallBlock call={weather} isSubmitting={false} />);
    expect(screen.getByTestId('tool-call').dataset.state).toBe('finished');
    expect(screen.getByTestId('tool-call-label').textContent).toBe('Ran get_weather');
    expect(screen.queryByTestId('tool-call-output')).toBeNull();
    fireEvent.click(screen.getByTestId('tool-call-toggle'));
    expect(screen.getByTestId('tool-call-args').textContent).toBe('{\n  "city": "Oslo"\n}');
    expect(screen.getByTestId('tool-call-output').textContent).toBe('Sunny, 21 °C');
  });

  it('shows running while generating and an error once the run ended unfinished', () => {
    const running = { ...weather, output: undefined, progress: 0.5 };
    const { rerender } = render(<ToolCallBlock call={running} isSubmitting />);
    expect(screen.getByTestId('tool-call-label').textContent).toBe('Running get_weather');
    expect(screen.getByTestId('tool-call').dataset.state).toBe('running');
    rerender(<ToolCallBlock call={running} isSubmitting={false} />);
    expect(screen.getByTestId('tool-call').dataset.state).toBe('error');
    expect(screen.getByTestId('tool-call-label').textContent).toBe('Error running get_weather');
  });

  it('shows how far a running call got, and no bar once it is done', () => {
    const running = { ...weather, output: undefined, progress: 0.4 };
    const { rerender } = render(<ToolCallBlock call={running} isSubmitting />);
    const bar = screen.getByRole('progressbar', { name: 'Progress of get_weather' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    rerender(<ToolCallBlock call={{ ...running, progress: 0.7 }} isSubmitting />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('70');
    rerender(<ToolCallBlock call={weather} isSubmitting />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('offers a sign-in link that opens safely in a new tab, with a trust warning', () => {
    render(
      <ToolCallBlock
        call={{
          id: 'c3',
          name: 'listEvents_action_cal---example---com',
          progress: 0.1,
          auth: 'https://auth.example.com/start?x=1',
        }}
        isSubmitting
      />,
    );
    const link = screen.getByTestId('tool-call-sign-in') as HTMLAnchorElement;
    expect(link.href).toBe('https://auth.example.com/start?x=1');
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener noreferrer');
    expect(link.textContent).toContain('auth.example.com');
    expect(screen.getByTestId('tool-call-auth').textContent).toMatch(/trust/);
  });

  it("binds this browser to the user when an action's sign-in link shows (once)", async () => {
    const sent: string[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return new Response(null, { status: 204 });
    });
    const link = `https://auth.example.com/authorize?redirect_uri=${encodeURIComponent(
      'http://localhost:3080/api/actions/act-1/oauth/callback',
    )}&state=s`;
    const call = { id: 'c5', name: 'getMe_action_x---io', progress: 0.1, auth: link };
    const { rerender } = render(<ToolCallBlock call={call} isSubmitting />);
    rerender(<ToolCallBlock call={{ ...call, progress: 0.2 }} isSubmitting />);
    await waitFor(() => expect(sent).toEqual(['POST /api/actions/act-1/oauth/bind']));
    // Any other sign-in link binds nothing.
    render(
      <ToolCallBlock
        call={{ id: 'c6', name: 'x', progress: 0.1, auth: 'https://a.example/b' }}
        isSubmitting
      />,
    );
    expect(sent).toHaveLength(1);
    fetchSpy.mockRestore();
  });

  it('never links a sign-in URL that is not http(s)', () => {
    render(
      <ToolCallBlock
        call={{ id: 'c4', name: 'x', progress: 0.1, auth: 'javascript:alert(1)' }}
        isSubmitting
      />,
    );
    expect(screen.queryByTestId('tool-call-sign-in')).toBeNull();
  });

  it('expands code by default only when "show code" is on, and follows the setting', () => {
    render(<ToolCallBlock call={code} isSubmitting={false} />);
    expect(screen.getByTestId('tool-call-label').textContent).toBe('Ran code');
    expect(screen.queryByTestId('code-block')).toBeNull();
    act(() => usePreferences.setState({ showCode: true }));
    expect(screen.getByTestId('code-block').textContent).toContain('print(6 * 7)');
    expect(screen.getByTestId('tool-call-output').textContent).toBe('42');
    // A toggle by hand wins over the setting.
    fireEvent.click(screen.getByTestId('tool-call-toggle'));
    expect(screen.queryByTestId('code-block')).toBeNull();
  });
});

describe('Attachments', () => {
  afterEach(cleanup);

  it('shows images at their ratio, a broken one as an icon with a red badge, others as chips', () => {
    render(
      <Attachments
        files={[
          {
            filename: 'chart.png',
            filepath: '/images/chart.png',
            type: 'image/png',
            width: 400,
            height: 300,
          },
          { filename: 'notes.pdf', filepath: '/files/notes.pdf', type: 'application/pdf' },
        ]}
      />,
    );
    const img = screen.getByTestId('message-image') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/images/chart.png');
    expect((img.parentElement as HTMLElement).style.aspectRatio).toBe('400 / 300');
    expect(screen.getByTestId('file-chip').textContent).toContain('notes.pdf');
    expect(screen.getByTestId('file-chip').textContent).toContain('PDF');
    fireEvent.error(img);
    expect(screen.queryByTestId('message-image')).toBeNull();
    expect(screen.getByTestId('image-failed')).toBeTruthy();
    expect(screen.getByTestId('image-error-badge').className).toContain('bg-red-600');
  });

  it('never loads an unsafe src', () => {
    render(
      <Attachments files={[{ filename: 'x.png', filepath: 'javascript:alert(1)', type: 'image/png' }]} />,
    );
    expect(screen.queryByTestId('message-image')).toBeNull();
    expect(screen.getByTestId('image-failed')).toBeTruthy();
  });
});

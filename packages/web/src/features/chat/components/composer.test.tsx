import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { usePreferences } from '../../../store/preferences.ts';
import { useComposerBus } from '../store/composer.ts';
import { Composer } from './composer.tsx';

function setup(props: Partial<Parameters<typeof Composer>[0]> = {}) {
  const onSend = vi.fn(() => true);
  const onStop = vi.fn();
  render(
    <TooltipProvider>
      <Composer
        onSend={onSend}
        onStop={onStop}
        generating={false}
        ready
        resetKey="k"
        draftKey="k"
        {...props}
      />
    </TooltipProvider>,
  );
  const input = screen.getByTestId('composer-input') as HTMLTextAreaElement;
  return { onSend, onStop, input };
}

describe('Composer', () => {
  afterEach(() => {
    cleanup();
    usePreferences.setState({ enterToSend: true });
  });

  it('disables send for empty or blank text', () => {
    const { input } = setup();
    const button = screen.getByTestId('send-button') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'hi' } });
    expect(button.disabled).toBe(false);
  });

  it('sends with Enter, not with Shift+Enter, and clears', () => {
    const { input, onSend } = setup();
    fireEvent.change(input, { target: { value: ' hello ' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('hello', undefined);
    expect(input.value).toBe('');
  });

  it('needs Ctrl+Enter when enterToSend is off', () => {
    usePreferences.setState({ enterToSend: false });
    const { input, onSend } = setup();
    fireEvent.change(input, { target: { value: 'x' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    expect(onSend).toHaveBeenCalledWith('x', undefined);
  });

  it('shows stop while generating and ignores Enter', () => {
    const { input, onSend, onStop } = setup({ generating: true });
    expect(screen.queryByTestId('send-button')).toBeNull();
    fireEvent.change(input, { target: { value: 'next' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('stop-button'));
    expect(onStop).toHaveBeenCalled();
    expect(input.value).toBe('next');
  });

  it('is disabled without a model', () => {
    const { input } = setup({ ready: false });
    fireEvent.change(input, { target: { value: 'hi' } });
    expect((screen.getByTestId('send-button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('takes a quick-start prefill once', () => {
    const { input } = setup();
    act(() => useComposerBus.getState().requestPrefill('Explain this:\n\n'));
    expect(input.value).toBe('Explain this:\n\n');
    expect(useComposerBus.getState().prefill).toBeNull();
  });
});

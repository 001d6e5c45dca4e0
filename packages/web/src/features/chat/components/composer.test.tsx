import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip.tsx';
import type { ComposerAttachments } from '../../../lib/composer-attachments.ts';
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

  it('adds a prompt card under the typed text, or sends it and keeps the typed text', () => {
    const { input, onSend } = setup();
    fireEvent.change(input, { target: { value: 'my notes  ' } });
    act(() => useComposerBus.getState().requestPrompt('Summarize.', false));
    expect(input.value).toBe('my notes\nSummarize.');
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'draft' } });
    act(() => useComposerBus.getState().requestPrompt('Go.', true));
    expect(onSend).toHaveBeenCalledWith('Go.');
    expect(input.value).toBe('draft');
  });

  describe('with attachments', () => {
    const attachments = (change: Partial<ComposerAttachments> = {}): ComposerAttachments => ({
      button: null,
      area: null,
      overlay: null,
      busy: false,
      fileIds: ['f1'],
      files: () => [{ file_id: 'f1', filename: 'a.png', type: 'image/png' }],
      clear: vi.fn(),
      restore: vi.fn(),
      dropZone: { onDragEnter: vi.fn(), onDragOver: vi.fn(), onDragLeave: vi.fn(), onDrop: vi.fn() },
      ...change,
    });
    afterEach(() => {
      localStorage.clear();
      vi.useRealTimers();
    });

    it('keeps Send disabled while files upload (doc 3 Composer)', () => {
      const { input, onSend } = setup({ attachments: attachments({ busy: true }) });
      fireEvent.change(input, { target: { value: 'look' } });
      expect((screen.getByTestId('send-button') as HTMLButtonElement).disabled).toBe(true);
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(onSend).not.toHaveBeenCalled();
    });

    it('sends the files with the text, then clears the chips', () => {
      const files = attachments();
      const { input, onSend } = setup({ attachments: files });
      fireEvent.change(input, { target: { value: 'look' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(onSend).toHaveBeenCalledWith('look', [{ file_id: 'f1', filename: 'a.png', type: 'image/png' }]);
      expect(files.clear).toHaveBeenCalled();
    });

    it('saves the attached file ids in the draft and restores them (doc 1 §3 Drafts)', () => {
      vi.useFakeTimers();
      usePreferences.setState({ saveDrafts: true });
      const { input } = setup({ attachments: attachments() });
      fireEvent.change(input, { target: { value: 'draft text' } });
      act(() => vi.advanceTimersByTime(750));
      expect(JSON.parse(localStorage.getItem('draft:k') ?? 'null')).toEqual({
        text: 'draft text',
        files: ['f1'],
      });
      cleanup();
      const restored = attachments({ fileIds: [] });
      const again = setup({ attachments: restored });
      expect(again.input.value).toBe('draft text');
      expect(restored.restore).toHaveBeenCalledWith(['f1']);
    });
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { PromptTextEditor } from './prompt-editor.tsx';

function setup(text = 'Hello') {
  const saved: string[] = [];
  render(
    <TooltipProvider>
      <PromptTextEditor text={text} onSave={(t) => saved.push(t)} />
    </TooltipProvider>,
  );
  const open = () => fireEvent.click(screen.getByTestId('prompt-text-view'));
  const box = () => screen.getByTestId('prompt-text-input') as HTMLTextAreaElement;
  return { saved, open, box };
}

describe('the prompt text editor (doc 2 §4.9)', () => {
  afterEach(cleanup);

  it('saves on blur when the text changed', () => {
    const { saved, open, box } = setup();
    open();
    fireEvent.change(box(), { target: { value: 'Hello there' } });
    fireEvent.blur(box());
    expect(saved).toEqual(['Hello there']);
    expect(screen.queryByTestId('prompt-text-input')).toBeNull();
  });

  it('Escape leaves edit and saves a change; the save icon too', () => {
    const { saved, open, box } = setup();
    open();
    fireEvent.change(box(), { target: { value: 'By escape' } });
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByTestId('prompt-text-input')).toBeNull();
    open();
    fireEvent.change(box(), { target: { value: 'By icon' } });
    fireEvent.click(screen.getByTestId('prompt-text-save'));
    expect(saved).toEqual(['By escape', 'By icon']);
  });

  it('does not save an unchanged or blank text, and saves once however edit is left', () => {
    const { saved, open, box } = setup();
    open();
    fireEvent.blur(box());
    open();
    fireEvent.change(box(), { target: { value: '   ' } });
    fireEvent.keyDown(box(), { key: 'Escape' });
    open();
    fireEvent.change(box(), { target: { value: 'Once' } });
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(saved).toEqual(['Once']);
  });
});

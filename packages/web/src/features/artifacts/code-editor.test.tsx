import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ArtifactCodeEditor, editorLanguage, paintedLines } from './code-editor.tsx';

const tok = (content: string) => [{ content, htmlStyle: { '--shiki-light': '#f00' } }];

describe('artifact code editor', () => {
  it('keeps the colours of lines whose text is unchanged, and paints edited lines plain', () => {
    const last = { text: 'const a = 1;\nconst b = 2;', lines: [tok('const a = 1;'), tok('const b = 2;')] };
    expect(paintedLines('const a = 1;\nconst b = 22;\n', last)).toEqual([
      tok('const a = 1;'),
      'const b = 22;',
      '',
    ]);
    expect(paintedLines('x', null)).toEqual(['x']);
  });

  it('names a grammar from the fence language, else from the artifact type', () => {
    expect(editorLanguage('application/vnd.react', '')).toBe('tsx');
    expect(editorLanguage('application/vnd.react', 'jsx')).toBe('jsx');
    expect(editorLanguage('text/html', '')).toBe('html');
    expect(editorLanguage('application/x-unknown', '')).toBe('');
  });

  it('edits through a labelled textarea and is read-only while the artifact streams', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <ArtifactCodeEditor value="<h1>Hi</h1>" lang="" readOnly={false} label="Code" onChange={onChange} />,
    );
    const box = screen.getByRole('textbox', { name: 'Code' });
    fireEvent.change(box, { target: { value: '<h1>Hello</h1>' } });
    expect(onChange).toHaveBeenCalledWith('<h1>Hello</h1>');
    rerender(<ArtifactCodeEditor value="<h1>Hi</h1>" lang="" readOnly label="Code" onChange={onChange} />);
    expect((screen.getByRole('textbox', { name: 'Code' }) as HTMLTextAreaElement).readOnly).toBe(true);
  });
});

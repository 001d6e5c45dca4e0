import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileExtension, ResourceFileList } from './resource-file-list.tsx';

afterEach(cleanup);

describe('ResourceFileList', () => {
  it('names the extension a person knows, not a long or missing one', () => {
    expect(fileExtension('notes.PDF')).toBe('PDF');
    expect(fileExtension('archive.tar.gz')).toBe('GZ');
    expect(fileExtension('Makefile')).toBeNull();
    expect(fileExtension('.env')).toBeNull();
    expect(fileExtension('data.verylongext')).toBeNull();
  });

  it('shows each file with its name, extension and a remove button', () => {
    const onRemove = vi.fn();
    render(
      <ResourceFileList
        files={[
          { file_id: 'f1', filename: 'a-very-long-report-name-that-will-not-fit.docx', type: null },
          { file_id: 'f2', filename: 'photo.png', type: 'image/png' },
        ]}
        onRemove={onRemove}
      />,
    );
    expect(screen.getAllByTestId('resource-file')).toHaveLength(2);
    expect(screen.getAllByTestId('resource-file-ext').map((e) => e.textContent)).toEqual(['DOCX', 'PNG']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo.png' }));
    expect(onRemove).toHaveBeenCalledWith('f2');
  });

  it('renders nothing without files', () => {
    const { container } = render(<ResourceFileList files={[]} onRemove={() => {}} />);
    expect(container.firstChild).toBeNull();
  });
});

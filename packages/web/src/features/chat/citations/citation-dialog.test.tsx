import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import CitationDialog from './citation-dialog.tsx';

/** A cited passage opens its file, or, for a page web_search found, links to that page. */

const passage = {
  file_id: 'f1',
  filename: 'policy.pdf',
  page: 2,
  text: 'Refunds within 30 days.',
  offset: 0,
};

describe('CitationDialog', () => {
  afterEach(cleanup);

  it('offers to open a file source', () => {
    render(<CitationDialog n={1} citation={passage} title="policy.pdf" onClose={() => {}} />);
    expect(screen.getByTestId('citation-passage').textContent).toBe('Refunds within 30 days.');
    expect(screen.getByTestId('citation-open-file')).toBeTruthy();
    expect(screen.queryByTestId('citation-open-page')).toBeNull();
  });

  it('links a web source to its page, in a new tab', () => {
    const page = { ...passage, file_id: 'https://example.com/refunds', filename: 'Refunds', page: null };
    render(
      <CitationDialog
        n={2}
        citation={{ ...page, url: 'https://example.com/refunds' }}
        title="Refunds"
        onClose={() => {}}
      />,
    );
    const link = screen.getByTestId('citation-open-page');
    expect(link.getAttribute('href')).toBe('https://example.com/refunds');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('Open example.com');
    expect(screen.queryByTestId('citation-open-file')).toBeNull();
  });

  it('does not link a source whose address is not http(s)', () => {
    render(
      <CitationDialog
        n={3}
        citation={{ ...passage, url: 'javascript:alert(1)' }}
        title="x"
        onClose={() => {}}
      />,
    );
    expect(screen.queryByTestId('citation-open-page')).toBeNull();
  });
});

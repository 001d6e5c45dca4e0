import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HighlightedCode } from './code-block.tsx';
import type { HighlightedLine } from './highlighter.ts';

const source = Array.from({ length: 130 }, (_, i) => `line ${i}`).join('\n');
const lines: HighlightedLine[] = source
  .split('\n')
  .map((text) => [{ content: text, htmlStyle: { color: 'red' } }]);

describe('HighlightedCode', () => {
  afterEach(cleanup);

  it('shows 60 highlighted lines at first and the rest as plain text until later frames, never losing text', async () => {
    const { container } = render(
      <code>
        <HighlightedCode code={source} lines={lines} />
      </code>,
    );
    const highlighted = () => container.querySelectorAll('span.block').length;
    expect(highlighted()).toBe(60);
    const all = source.split('\n');
    expect(container.textContent).toBe(all.slice(0, 60).join('') + all.slice(60).join('\n'));
    await waitFor(() => expect(highlighted()).toBe(130));
    expect(container.textContent).toBe(all.join(''));
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyOnOpen } from './lazy-on-open.tsx';

const Dialog = ({ open, name }: { open: boolean; name: string }) => (
  <p>{open ? `open ${name}` : `closed ${name}`}</p>
);

describe('lazyOnOpen', () => {
  afterEach(cleanup);

  it('loads nothing while closed, mounts on the first opening and stays mounted once closed', async () => {
    let loads = 0;
    const Lazy = lazyOnOpen(async () => {
      loads++;
      return { default: Dialog };
    });
    const view = render(<Lazy open={false} name="a" />);
    expect(view.container.textContent).toBe('');
    expect(loads).toBe(0);

    view.rerender(<Lazy open name="a" />);
    expect(await screen.findByText('open a')).toBeTruthy();
    view.rerender(<Lazy open={false} name="a" />);
    expect(screen.getByText('closed a')).toBeTruthy();
    view.rerender(<Lazy open name="a" />);
    expect(screen.getByText('open a')).toBeTruthy();
    expect(loads).toBe(1);
  });
});

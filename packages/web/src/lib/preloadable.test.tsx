import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.tsx';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('preloadable', () => {
  afterEach(cleanup);

  it('renders at once, without a fallback, once preloaded', async () => {
    const chunk = preloadable(async () => ({ default: Hello }));
    await chunk.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <chunk.Component name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends like React.lazy when not loaded yet, and loads once', async () => {
    let loads = 0;
    const chunk = preloadable(async () => {
      loads++;
      return { default: Hello };
    });
    render(
      <Suspense fallback={<p>loading</p>}>
        <chunk.Component name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      await chunk.preload();
    });
    expect(await screen.findByText('Hello Grace')).toBeTruthy();
    expect(loads).toBe(1);
  });
});

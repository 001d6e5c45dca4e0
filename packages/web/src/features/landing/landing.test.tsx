import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agent } from '../../testing/fixtures.ts';
import { Landing } from './landing.tsx';

describe('Landing with an agent', () => {
  afterEach(cleanup);

  it("shows the agent's name and description and sends a starter", () => {
    const onStarter = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Landing
          userName="Ada"
          onQuickStart={vi.fn()}
          agent={agent({
            name: 'Researcher',
            description: 'Finds sources',
            conversation_starters: ['Find papers', ''],
          })}
          onStarter={onStarter}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('landing-agent-name').textContent).toBe('Researcher');
    expect(screen.getByTestId('landing-agent-description').textContent).toBe('Finds sources');
    const starters = screen.getAllByTestId('agent-starter-button');
    expect(starters.map((b) => b.textContent)).toEqual(['Find papers']);
    fireEvent.click(starters[0]);
    expect(onStarter).toHaveBeenCalledWith('Find papers');
    expect(screen.queryByTestId('greeting')).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agent } from '../../../testing/fixtures.ts';
import { buildEndpointOptions } from '../endpoint-options.ts';
import { filterAgents, ModelPicker } from './model-picker.tsx';

const options = buildEndpointOptions(
  { openAI: { order: 0, userProvide: false }, agents: { order: 1, userProvide: false } },
  { openAI: ['gpt-4o'] },
);
const agents = [
  agent({ id: 'agent_1', name: 'Researcher', description: 'Finds sources' }),
  agent({ id: 'agent_2', name: 'Writer', description: 'Drafts text' }),
];

function open(onChooseAgent = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ModelPicker
        state="ready"
        options={options}
        specs={[]}
        showEndpoints
        active={{
          endpoint: 'agents',
          model: 'gpt-4o',
          endpointLabel: 'Agents',
          label: 'Writer',
          agent: agents[1],
        }}
        onChooseModel={vi.fn()}
        onChooseSpec={vi.fn()}
        agents={agents}
        onChooseAgent={onChooseAgent}
      />
    </QueryClientProvider>,
  );
  fireEvent.keyDown(screen.getByTestId('model-picker'), { key: 'Enter' });
  return onChooseAgent;
}

describe('ModelPicker agents', () => {
  afterEach(cleanup);

  it('lists the agents with their descriptions, not the agents endpoint as a model list', () => {
    open();
    expect(screen.getByTestId('model-picker').textContent).toContain('Writer');
    expect(screen.getAllByTestId('agent-option').map((o) => o.textContent)).toEqual([
      'ResearcherFinds sources',
      'WriterDrafts text',
    ]);
    expect(screen.getAllByTestId('endpoint-option').map((o) => o.dataset.endpoint)).toEqual(['openAI']);
  });

  it('searches agents by name or description and chooses one', () => {
    const onChooseAgent = open();
    fireEvent.change(screen.getByTestId('model-search'), { target: { value: 'sources' } });
    const shown = screen.getAllByTestId('agent-option');
    expect(shown).toHaveLength(1);
    fireEvent.click(shown[0]);
    expect(onChooseAgent).toHaveBeenCalledWith('agent_1');
  });

  it('filterAgents ignores case', () => {
    expect(filterAgents(agents, 'DRAFT').map((a) => a.id)).toEqual(['agent_2']);
    expect(filterAgents(agents, ' ')).toHaveLength(2);
  });
});

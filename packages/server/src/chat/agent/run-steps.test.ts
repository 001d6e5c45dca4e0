import type { ContentPart, SseFrame } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { memoryEventLog } from '../../generation/event-log.ts';
import { runSteps } from './run-steps.ts';

const framesOf = (log: ReturnType<typeof memoryEventLog>) => {
  const out: SseFrame[] = [];
  log.subscribe(
    0,
    (_seq, f) => out.push(f),
    () => {},
  );
  return out;
};

describe('runSteps', () => {
  it('makes each part a step: text deltas carry the step id, a tool call streams args then completes', () => {
    const log = memoryEventLog();
    const parts: ContentPart[] = [];
    const steps = runSteps(log, 'reply', parts);
    steps.delta('think', 'Hmm');
    steps.delta('text', 'Let me look.');
    steps.toolStart('c1', 'lookup');
    steps.toolArgs('c1', '{"query":');
    steps.toolCall('c1', 'lookup', '{"query":"x"}');
    steps.toolRunning('c1');
    expect(parts[2]).toMatchObject({ tool_call: { progress: 0.1 } });
    steps.toolDone('c1', 'found');
    steps.flush();
    const frames = framesOf(log) as Extract<SseFrame, { event: string }>[];
    expect(frames.map((f) => f.event)).toEqual([
      'on_run_step',
      'on_reasoning_delta',
      'on_run_step',
      'on_message_delta',
      'on_run_step',
      'on_run_step_delta',
      'on_run_step_delta',
      'on_run_step_completed',
    ]);
    const [think, , text, delta, tool, , args2, done] = frames as never as { data: { id?: string } }[];
    expect(think.data).toMatchObject({ runId: 'reply', index: 0, type: 'message_creation' });
    expect(delta.data).toMatchObject({ id: text.data.id });
    expect(tool.data).toMatchObject({
      index: 2,
      type: 'tool_calls',
      stepDetails: { tool_calls: [{ id: 'c1', name: 'lookup', args: '' }] },
    });
    expect(args2.data).toMatchObject({ delta: { tool_calls: [{ id: 'c1', args: '"x"}' }] } });
    expect(done.data).toMatchObject({
      result: { index: 2, tool_call: { id: 'c1', args: '{"query":"x"}', output: 'found', progress: 1 } },
    });
    expect(parts.map((p) => p.type)).toEqual(['think', 'text', 'tool_call']);
  });

  it('hidden text is neither saved nor sent; an agent update marks where the next agent starts', () => {
    const log = memoryEventLog();
    const parts: ContentPart[] = [];
    const steps = runSteps(log, 'reply', parts);
    steps.delta('text', 'intermediate', true);
    steps.agentUpdate('agent_b');
    steps.delta('text', 'final');
    steps.flush();
    expect(parts).toEqual([
      { type: 'agent_update', agent_update: { index: 0, runId: 'reply', agentId: 'agent_b' } },
      { type: 'text', text: 'final' },
    ]);
    const frames = framesOf(log) as Extract<SseFrame, { event: string }>[];
    expect(frames[0]).toEqual({
      event: 'on_agent_update',
      data: { runId: 'reply', agentId: 'agent_b', index: 0 },
    });
    expect(frames[1]).toMatchObject({ event: 'on_run_step', data: { agentId: 'agent_b', index: 1 } });
  });

  it('marks calls left without a result, but not one waiting for approval', () => {
    const parts: ContentPart[] = [];
    const steps = runSteps(memoryEventLog(), 'reply', parts);
    steps.toolCall('a', 'lookup', '{}');
    steps.toolCall('b', 'lookup', '{}');
    steps.toolPending('b');
    steps.settleOpen('stopped');
    expect(parts).toMatchObject([
      { tool_call: { id: 'a', output: 'stopped', progress: 1 } },
      { tool_call: { id: 'b', approval: 'pending' } },
    ]);
    expect((parts[1] as { tool_call: { output?: string } }).tool_call.output).toBeUndefined();
  });
});

import type { ContentPart, Conversation, Message, SseFrame, ToolCall } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import {
  initialAccumulator,
  reduceFrame,
  responseView,
  type StreamAccumulator,
  seedFrom,
} from './frame-reducer.ts';
import { runContent } from './run-parts.ts';

/** Agent runs in the stream reducer: every run frame, replays, resume and continuing a paused reply. */

const message = (id: string, extra: Partial<Message> = {}): Message => ({
  messageId: id,
  conversationId: 'c1',
  parentMessageId: 'u1',
  text: '',
  sender: 'Agent',
  isCreatedByUser: false,
  error: false,
  unfinished: false,
  endpoint: 'agents',
  model: 'agent_1',
  createdAt: 1,
  updatedAt: 1,
  ...extra,
});
const convo = { conversationId: 'c1', title: 'New Chat' } as Conversation;
const created: SseFrame = {
  created: true,
  streamId: 's1',
  message: message('u1', { isCreatedByUser: true, parentMessageId: 'root' }),
  responseMessage: message('r1'),
  conversation: convo,
};
const textStep = (id: string, index: number, agentId = 'agent_1'): SseFrame => ({
  event: 'on_run_step',
  data: {
    id,
    runId: 'r1',
    agentId,
    index,
    stepIndex: index,
    type: 'message_creation',
    stepDetails: { type: 'message_creation', message_creation: { message_id: 'r1' } },
  },
});
const toolStep = (id: string, index: number, callId: string, name: string, args = ''): SseFrame => ({
  event: 'on_run_step',
  data: {
    id,
    runId: 'r1',
    index,
    stepIndex: index,
    type: 'tool_calls',
    stepDetails: { type: 'tool_calls', tool_calls: [{ id: callId, name, args, type: 'tool_call' }] },
  },
});
const text = (id: string, t: string): SseFrame => ({
  event: 'on_message_delta',
  data: { id, delta: { content: [{ type: 'text', text: t }] } },
});
const think = (id: string, t: string): SseFrame => ({
  event: 'on_reasoning_delta',
  data: { id, delta: { content: [{ type: 'think', think: t }] } },
});
const argsDelta = (stepId: string, callId: string, args: string): SseFrame => ({
  event: 'on_run_step_delta',
  data: { id: stepId, delta: { type: 'tool_calls', tool_calls: [{ id: callId, args }] } },
});
const completed = (stepId: string, index: number, call: ToolCall): SseFrame => ({
  event: 'on_run_step_completed',
  data: { result: { id: stepId, index, type: 'tool_call', tool_call: call } },
});
const agentUpdate = (agentId: string, index: number): SseFrame => ({
  event: 'on_agent_update',
  data: { runId: 'r1', agentId, index },
});
const pending = (index: number, call: ToolCall): SseFrame => ({
  event: 'on_pending_action',
  data: { runId: 'r1', index, tool_call: call },
});

/** Frames numbered from 1 as the server's `id:` lines are. */
function play(frames: SseFrame[], from: StreamAccumulator = initialAccumulator(), first = 1) {
  return frames.reduce((acc, f, i) => reduceFrame(acc, f, first + i), from);
}
const view = (acc: StreamAccumulator) => responseView(acc, message('r1')).content as ContentPart[];

/** A whole run: think + text, a tool call with streamed args, its result, then the answer. */
const toolRun: SseFrame[] = [
  created,
  textStep('step_a', 0),
  think('step_a', 'Let me '),
  think('step_a', 'look.'),
  text('step_a', 'Checking the '),
  text('step_a', 'weather.'),
  toolStep('step_b', 1, 'call_1', 'get_weather'),
  argsDelta('step_b', 'call_1', '{"city":'),
  argsDelta('step_b', 'call_1', '"Oslo"}'),
  completed('step_b', 1, { id: 'call_1', name: 'get_weather', args: '{"city":"Oslo"}', output: 'Sunny' }),
  textStep('step_c', 2),
  text('step_c', 'It is sunny.'),
];

describe('reduceFrame for agent runs', () => {
  it('keeps the plain-chat path: no parts until a run frame arrives', () => {
    const acc = play([created, text('r1', 'Hel'), text('r1', 'lo')]);
    expect(acc.run).toBeNull();
    expect(acc.text).toBe('Hello');
    expect(view(acc)).toEqual([{ type: 'text', text: 'Hello' }]);
  });

  it('builds the parts of a run by step index', () => {
    const acc = play(toolRun);
    expect(acc.phase).toBe('streaming');
    expect(view(acc)).toEqual([
      { type: 'think', think: 'Let me look.' },
      { type: 'text', text: 'Checking the weather.' },
      {
        type: 'tool_call',
        tool_call: {
          id: 'call_1',
          type: 'tool_call',
          name: 'get_weather',
          args: '{"city":"Oslo"}',
          output: 'Sunny',
          progress: 1,
        },
      },
      { type: 'text', text: 'It is sunny.' },
    ]);
    // The reply's text is all its text, for copy and search.
    expect(responseView(acc, message('r1')).text).toBe('Checking the weather.It is sunny.');
  });

  it('starts a tool call in progress and appends its argument text', () => {
    const acc = play(toolRun.slice(0, 9));
    const call = view(acc)[2];
    expect(call).toEqual({
      type: 'tool_call',
      tool_call: {
        id: 'call_1',
        type: 'tool_call',
        name: 'get_weather',
        args: '{"city":"Oslo"}',
        progress: 0.1,
      },
    });
  });

  it("moves a running call's progress forward as the tool reports it, never back nor to 1", () => {
    const progress = (value: number): SseFrame => ({
      event: 'on_run_step_delta',
      data: { id: 'step_b', delta: { type: 'tool_calls', tool_calls: [{ id: 'call_1', progress: value }] } },
    });
    const running = toolRun.slice(0, 9);
    const at = (...values: number[]) =>
      (view(play([...running, ...values.map(progress)]))[2] as Extract<ContentPart, { type: 'tool_call' }>)
        .tool_call;
    expect(at(0.4)).toMatchObject({ progress: 0.4, args: '{"city":"Oslo"}' });
    expect(at(0.4, 0.7).progress).toBe(0.7);
    expect(at(0.7, 0.4).progress).toBe(0.7);
    // Only completion finishes a call (with its output).
    expect(at(1).progress).toBe(0.1);
  });

  it("puts an action's sign-in link on the waiting call, and takes it down once signed in", () => {
    const signIn = (auth: string, expires_at: number): SseFrame => ({
      event: 'on_run_step_delta',
      data: {
        id: 'step_b',
        delta: {
          type: 'tool_calls',
          tool_calls: [{ id: 'call_1', args: '', type: 'tool_call' }],
          auth,
          expires_at,
        },
      },
    });
    const running = toolRun.slice(0, 9);
    const call = (acc: StreamAccumulator) =>
      (view(acc)[2] as Extract<ContentPart, { type: 'tool_call' }>).tool_call;
    const waiting = call(play([...running, signIn('https://auth.example.com/authorize?x=1', 5000)]));
    expect(waiting).toMatchObject({
      auth: 'https://auth.example.com/authorize?x=1',
      expires_at: 5000,
      args: '{"city":"Oslo"}',
    });
    const done = call(
      play([...running, signIn('https://auth.example.com/authorize?x=1', 5000), signIn('', 0)]),
    );
    expect(done.auth).toBeUndefined();
    expect(done.expires_at).toBeUndefined();
    expect(done.args).toBe('{"city":"Oslo"}');
  });

  it('completes a call with its output and progress 1, keeping args it does not repeat', () => {
    const acc = play([
      created,
      toolStep('s', 0, 'c', 'file_search', '{"query":"q"}'),
      completed('s', 0, { id: 'c', name: 'file_search', output: 'Error processing tool file_search: 500' }),
    ]);
    expect(view(acc)[0]).toMatchObject({
      tool_call: { args: '{"query":"q"}', progress: 1, output: 'Error processing tool file_search: 500' },
    });
  });

  it('leaves every part but the one a frame touches the same object', () => {
    const before = play(toolRun.slice(0, 11));
    const after = reduceFrame(before, text('step_c', 'More'), 12);
    const a = view(before);
    const b = view(after);
    expect(b[0]).toBe(a[0]);
    expect(b[1]).toBe(a[1]);
    expect(b[2]).toBe(a[2]);
    expect(b[3]).toEqual({ type: 'text', text: 'More' });
  });

  it('shows where each agent of a chain starts speaking', () => {
    const acc = play([
      created,
      agentUpdate('agent_1', 0),
      textStep('s1', 0, 'agent_1'),
      text('s1', 'First.'),
      agentUpdate('agent_2', 1),
      textStep('s2', 1, 'agent_2'),
      text('s2', 'Second.'),
    ]);
    expect(view(acc)).toEqual([
      { type: 'agent_update', agent_update: { index: 0, runId: 'r1', agentId: 'agent_1' } },
      { type: 'text', text: 'First.' },
      { type: 'agent_update', agent_update: { index: 1, runId: 'r1', agentId: 'agent_2' } },
      { type: 'text', text: 'Second.' },
    ]);
  });

  it('shows an agent before its output whether its part takes an index or not', () => {
    // LibreChat places the agent_update part at `index` and the agent's output after it.
    const acc = play([created, agentUpdate('agent_2', 0), textStep('s1', 1, 'agent_2'), text('s1', 'Hi')]);
    expect(view(acc).map((p) => p.type)).toEqual(['agent_update', 'text']);
  });

  it('marks a call waiting for approval', () => {
    const acc = play([
      created,
      toolStep('s', 0, 'c', 'file_search', '{"query":"q"}'),
      pending(0, { id: 'c', name: 'file_search', args: '' }),
    ]);
    expect(view(acc)[0]).toMatchObject({
      tool_call: { id: 'c', args: '{"query":"q"}', approval: 'pending', progress: 0.1 },
    });
  });

  it('makes a pending call from the approval frame alone', () => {
    const acc = play([created, pending(2, { id: 'c', name: 'web_search', args: '{"q":"x"}' })]);
    expect(view(acc)).toEqual([
      {
        type: 'tool_call',
        tool_call: { id: 'c', name: 'web_search', args: '{"q":"x"}', progress: 0.1, approval: 'pending' },
      },
    ]);
  });

  it('ignores replayed frames (seq ≤ lastSeq): nothing is appended twice', () => {
    const first = play(toolRun.slice(0, 9));
    // A reconnect with Last-Event-ID still gets some frames again, then the rest.
    const again = play(toolRun, first);
    expect(view(again)).toEqual(view(play(toolRun)));
    expect(again.lastSeq).toBe(toolRun.length);
  });

  it('resumes a run re-attached mid-way: the replayed log rebuilds the same reply', () => {
    // The server replays the log from the start to a fresh accumulator (attachGeneration).
    const live = play(toolRun.slice(0, 8));
    const resumed = play(toolRun.slice(0, 8));
    expect(view(resumed)).toEqual(view(live));
    // …and then goes on live.
    const done = play(toolRun.slice(8), resumed, 9);
    expect(view(done)).toEqual(view(play(toolRun)));
  });

  it('takes the final message as authoritative, else keeps the streamed parts', () => {
    const saved = message('r1', { text: 'It is sunny.', content: [{ type: 'text', text: 'It is sunny.' }] });
    const final: SseFrame = {
      final: true,
      conversation: convo,
      requestMessage: message('u1'),
      responseMessage: saved,
    };
    expect(responseView(play([...toolRun, final]), message('r1'))).toBe(saved);
    const bare: SseFrame = { ...final, responseMessage: message('r1') };
    expect(view(play([...toolRun, bare]))).toHaveLength(4);
  });

  it('keeps the steps before an error and adds the error part', () => {
    const acc = play([
      ...toolRun.slice(0, 7),
      { error: true, message: '{"type":"provider_error"}', chatError: { type: 'provider_error' } },
    ]);
    const reply = responseView(acc, message('r1'));
    expect(reply.error).toBe(true);
    expect(reply.content?.map((p) => p.type)).toEqual(['think', 'text', 'tool_call', 'error']);
  });

  it('keeps plain text that streamed before the first step', () => {
    const acc = play([created, text('r1', 'Intro. '), toolStep('s', 1, 'c', 'web_search')]);
    expect(view(acc).map((p) => p.type)).toEqual(['text', 'tool_call']);
    expect(view(acc)[0]).toEqual({ type: 'text', text: 'Intro. ' });
  });

  it('appends deltas of an unknown step to the reply’s last text', () => {
    const acc = play([created, toolStep('s', 0, 'c', 'web_search'), text('r1', 'a'), text('r1', 'b')]);
    expect(view(acc).map((p) => p.type)).toEqual(['tool_call', 'text']);
    expect(view(acc)[1]).toEqual({ type: 'text', text: 'ab' });
  });
});

describe('continuing a paused reply (approval)', () => {
  const paused = message('r1', {
    text: 'Let me search.',
    unfinished: true,
    content: [
      { type: 'text', text: 'Let me search.' },
      {
        type: 'tool_call',
        tool_call: {
          id: 'c',
          name: 'file_search',
          args: '{"query":"q"}',
          progress: 0.1,
          approval: 'approved',
        },
      },
    ],
  });

  it('seeds the parts from the saved reply and extends them by index', () => {
    const seed = seedFrom(paused, 'Let me search.', '');
    expect(seed.run && runContent(seed.run)).toEqual(paused.content);
    const acc = play(
      [
        { ...created, responseMessage: paused },
        completed('s', 1, { id: 'c', name: 'file_search', output: 'Found it', approval: 'approved' }),
        textStep('s2', 2),
        text('s2', 'Here it is.'),
      ],
      { ...initialAccumulator(), ...seed },
    );
    const parts = view(acc);
    expect(parts[0]).toBe(paused.content?.[0]);
    expect(parts[1]).toMatchObject({ tool_call: { output: 'Found it', progress: 1, approval: 'approved' } });
    expect(parts[2]).toEqual({ type: 'text', text: 'Here it is.' });
    expect(responseView(acc, paused).text).toBe('Let me search.Here it is.');
  });

  it('does not seed parts for a plain reply (continue keeps its string path)', () => {
    const plain = message('r1', { text: 'Half', content: [{ type: 'text', text: 'Half' }] });
    expect(seedFrom(plain, 'Half', '').run).toBeNull();
  });

  it('drops the pending mark once the call completes', () => {
    const acc = play([
      created,
      pending(0, { id: 'c', name: 'file_search', args: '{}' }),
      completed('s', 0, { id: 'c', name: 'file_search', output: 'ok' }),
    ]);
    expect((view(acc)[0] as { tool_call: ToolCall }).tool_call.approval).toBeUndefined();
  });
});

import {
  type ContentPart,
  type RunFrame,
  TOOL_PROGRESS_INITIAL,
  type ToolCall,
  type ToolCallStep,
} from '@parley/schema';

type ThinkPart = Extract<ContentPart, { type: 'think' }>;
type ToolCallPart = Extract<ContentPart, { type: 'tool_call' }>;
type AgentUpdatePart = Extract<ContentPart, { type: 'agent_update' }>;

/**
 * The content of an agent run as its steps build it (doc 1 §4), by step `index`. Pure data,
 * changed copy-on-write: a frame replaces only the part it touches, so every other part keeps its
 * object and the memoized blocks showing it do not re-render.
 */
export type RunParts = {
  /** Each index's part: the step's text, its tool call, or a part of the reply it continues. */
  main: (ContentPart | undefined)[];
  /** Each index's reasoning, shown before its main part (a model step may think, then write). */
  think: (ThinkPart | undefined)[];
  /** Step id → the index its deltas fill. */
  steps: Record<string, number>;
  /** Tool call id → the index of its part. */
  tools: Record<string, number>;
  /** Where each agent of a chain starts speaking, shown before the part at its index. */
  agents: AgentUpdatePart[];
};

export function emptyRunParts(): RunParts {
  return { main: [], think: [], steps: {}, tools: {}, agents: [] };
}

/** Run parts that continue a saved reply (approval, continue): its parts keep their positions. */
export function runPartsFrom(content: readonly ContentPart[]): RunParts {
  const parts = emptyRunParts();
  content.forEach((part, i) => {
    parts.main[i] = part;
    if (part.type === 'tool_call' && part.tool_call.id) parts.tools[part.tool_call.id] = i;
  });
  return parts;
}

/** Run parts that take over a reply streamed as plain text so far (its text stays first). */
export function runPartsFromText(text: string, think: string): RunParts {
  const parts = emptyRunParts();
  if (think) parts.think[0] = { type: 'think', think };
  if (text) parts.main[0] = { type: 'text', text };
  return parts;
}

function setAt<T>(list: readonly T[], index: number, value: T): T[] {
  const next = list.slice();
  next[index] = value;
  return next;
}

const isToolCall = (part: ContentPart | undefined): part is ToolCallPart => part?.type === 'tool_call';

/**
 * The index a delta of an unknown step goes to: reasoning starts a new part; text follows the
 * reasoning before it, else extends the last text, else starts a new part.
 */
function tailIndex(parts: RunParts, kind: 'text' | 'think'): number {
  const next = parts.main.length;
  if (kind === 'think' || parts.think[next]) return next;
  return parts.main[next - 1]?.type === 'text' ? next - 1 : next;
}

/**
 * Append a text or reasoning delta to its step's part. A delta whose id names no step (a plain
 * chat's deltas carry the response id) extends the reply's last text.
 */
export function appendStepText(
  parts: RunParts,
  stepId: string | undefined,
  kind: 'text' | 'think',
  delta: string,
): RunParts {
  if (!delta) return parts;
  let index = stepId !== undefined ? parts.steps[stepId] : undefined;
  if (index === undefined) index = tailIndex(parts, kind);
  if (kind === 'think') {
    const prev = parts.think[index];
    return {
      ...parts,
      think: setAt(parts.think, index, { type: 'think', think: (prev?.think ?? '') + delta }),
    };
  }
  const prev = parts.main[index];
  if (prev !== undefined && prev.type !== 'text') {
    // The slot holds something else (a tool call): the text goes after everything so far.
    index = parts.main.length;
    return { ...parts, main: setAt(parts.main, index, { type: 'text', text: delta }) };
  }
  return { ...parts, main: setAt(parts.main, index, { type: 'text', text: (prev?.text ?? '') + delta }) };
}

function argsText(args: ToolCall['args']): string {
  if (args === undefined) return '';
  return typeof args === 'string' ? args : JSON.stringify(args);
}

/** A tool call a step announced: what was known of it before (a replay, an approval) is kept. */
function startedCall(prev: ToolCall | undefined, step: ToolCallStep): ToolCallPart {
  const args = step.args || (prev ? argsText(prev.args) : '');
  return {
    type: 'tool_call',
    tool_call: {
      ...prev,
      id: step.id,
      type: 'tool_call',
      name: step.name || prev?.name,
      args,
      progress: prev?.progress ?? TOOL_PROGRESS_INITIAL,
    },
  };
}

/** Fold one run frame (step, step delta, completion, agent change, approval wait) into the parts. */
export function applyRunFrame(parts: RunParts, frame: RunFrame): RunParts {
  switch (frame.event) {
    case 'on_run_step': {
      const step = frame.data;
      if (!step || typeof step.index !== 'number') return parts;
      const steps = { ...parts.steps, [step.id]: step.index };
      if (step.stepDetails?.type !== 'tool_calls') return { ...parts, steps };
      let main = parts.main;
      const tools = { ...parts.tools };
      step.stepDetails.tool_calls.forEach((call, i) => {
        // One call per step is the rule; extra calls of one step take the next indexes.
        const index = tools[call.id] ?? step.index + i;
        const prev = main[index];
        main = setAt(main, index, startedCall(isToolCall(prev) ? prev.tool_call : undefined, call));
        tools[call.id] = index;
      });
      return { ...parts, steps, tools, main };
    }
    case 'on_run_step_delta': {
      const { id, delta } = frame.data ?? {};
      let main = parts.main;
      // A sign-in link (LibreChat's `auth` beside the calls) while the call waits for the user;
      // '' takes it down once they signed in.
      const signIn = typeof delta?.auth === 'string' ? delta.auth : undefined;
      for (const chunk of delta?.tool_calls ?? []) {
        const progress = typeof chunk?.progress === 'number' ? chunk.progress : undefined;
        const index = parts.tools[chunk?.id] ?? parts.steps[id];
        const prev = index === undefined ? undefined : main[index];
        if (
          signIn !== undefined &&
          index !== undefined &&
          isToolCall(prev) &&
          (prev.tool_call.progress ?? 0) < 1
        ) {
          const { auth: _a, expires_at: _e, ...rest } = prev.tool_call;
          main = setAt(main, index, {
            type: 'tool_call',
            tool_call: signIn
              ? {
                  ...rest,
                  auth: signIn,
                  ...(typeof delta?.expires_at === 'number' ? { expires_at: delta.expires_at } : {}),
                }
              : rest,
          });
          continue;
        }
        if (!chunk?.args && progress === undefined) continue;
        if (index === undefined || !isToolCall(prev)) continue;
        const call = prev.tool_call;
        // Progress only moves forward and below 1 (completion sets 1, with the output).
        const moved = progress !== undefined && progress > (call.progress ?? 0) && progress < 1;
        if (!chunk.args && !moved) continue;
        main = setAt(main, index, {
          type: 'tool_call',
          tool_call: {
            ...call,
            ...(chunk.args ? { args: argsText(call.args) + chunk.args } : {}),
            ...(moved ? { progress } : {}),
          },
        });
      }
      return main === parts.main ? parts : { ...parts, main };
    }
    case 'on_run_step_completed': {
      const result = frame.data?.result;
      const done = result?.tool_call;
      if (!done) return parts;
      const index = (done.id ? parts.tools[done.id] : undefined) ?? result.index;
      if (typeof index !== 'number') return parts;
      const prev = parts.main[index];
      const before = isToolCall(prev) ? prev.tool_call : undefined;
      const hasArgs = done.args !== undefined && done.args !== '';
      const approval = done.approval ?? before?.approval;
      const call: ToolCall = {
        ...before,
        ...done,
        args: hasArgs ? done.args : before?.args,
        progress: 1,
        // A finished call no longer waits for anyone.
        approval: approval === 'pending' ? undefined : approval,
      };
      if (call.approval === undefined) delete call.approval;
      const tools = done.id ? { ...parts.tools, [done.id]: index } : parts.tools;
      return { ...parts, tools, main: setAt(parts.main, index, { type: 'tool_call', tool_call: call }) };
    }
    case 'on_pending_action': {
      const { index: at, tool_call: waiting } = frame.data ?? {};
      if (!waiting) return parts;
      const index = (waiting.id ? parts.tools[waiting.id] : undefined) ?? at;
      if (typeof index !== 'number') return parts;
      const prev = parts.main[index];
      const before = isToolCall(prev) ? prev.tool_call : undefined;
      const call: ToolCall = {
        ...before,
        ...waiting,
        args: waiting.args !== undefined && waiting.args !== '' ? waiting.args : before?.args,
        progress: waiting.progress ?? before?.progress ?? TOOL_PROGRESS_INITIAL,
        approval: 'pending',
      };
      const tools = waiting.id ? { ...parts.tools, [waiting.id]: index } : parts.tools;
      return { ...parts, tools, main: setAt(parts.main, index, { type: 'tool_call', tool_call: call }) };
    }
    case 'on_agent_update': {
      const { runId, agentId, index } = frame.data ?? {};
      if (!agentId || typeof index !== 'number') return parts;
      const known = parts.agents.some(
        (a) => a.agent_update.index === index && a.agent_update.agentId === agentId,
      );
      if (known) return parts;
      const part: AgentUpdatePart = {
        type: 'agent_update',
        agent_update: { index, runId: runId ?? '', agentId },
      };
      return { ...parts, agents: [...parts.agents, part] };
    }
    default:
      return parts;
  }
}

/**
 * The reply's content parts in order: at each index, the agents starting there, its reasoning,
 * then its part. Builds only the list; the parts are the run's own objects.
 */
export function runContent(parts: RunParts): ContentPart[] {
  const out: ContentPart[] = [];
  const agents = [...parts.agents].sort((a, b) => a.agent_update.index - b.agent_update.index);
  let next = 0;
  const length = Math.max(parts.main.length, parts.think.length);
  for (let i = 0; i < length; i++) {
    while (next < agents.length && agents[next].agent_update.index <= i) out.push(agents[next++]);
    const think = parts.think[i];
    if (think) out.push(think);
    const main = parts.main[i];
    if (main) out.push(main);
  }
  while (next < agents.length) out.push(agents[next++]);
  return out;
}

export const RUN_EVENTS: ReadonlySet<string> = new Set([
  'on_run_step',
  'on_run_step_delta',
  'on_run_step_completed',
  'on_pending_action',
  'on_agent_update',
]);

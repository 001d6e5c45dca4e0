import { randomUUID } from 'node:crypto';
import { type ContentPart, TOOL_PROGRESS_INITIAL, type ToolCall } from '@parley/schema';
import { type DeltaKind, deltaCoalescer } from '../../generation/coalescer.ts';
import type { EventLog } from '../../generation/event-log.ts';

type ToolCallPart = Extract<ContentPart, { type: 'tool_call' }>;

/**
 * An agent reply as run steps (doc 1 §3–4): every content part is one step. Text and thinking
 * become `message_creation` steps whose deltas carry the step id (coalesced as a plain chat's);
 * each tool call is a `tool_calls` step: its arguments stream as step deltas, its result completes
 * it. The parts are the reply as saved; `hidden` text (a chain's intermediate agents with
 * hide_sequential_outputs) is neither saved nor sent.
 */
export function runSteps(log: EventLog, runId: string, parts: ContentPart[]) {
  let agentId: string | undefined;
  let stepIndex = 0;
  /** The message_creation step deltas go to, with its part. */
  let text: { id: string; kind: DeltaKind; part: ContentPart } | null = null;
  const tools = new Map<string, { stepId: string; index: number; part: ToolCallPart }>();

  const coalescer = deltaCoalescer((kind, delta) => {
    const id = text!.id;
    log.append(
      kind === 'text'
        ? { event: 'on_message_delta', data: { id, delta: { content: [{ type: 'text', text: delta }] } } }
        : {
            event: 'on_reasoning_delta',
            data: { id, delta: { content: [{ type: 'think', think: delta }] } },
          },
    );
  });

  const endText = () => {
    if (!text) return;
    coalescer.flush();
    text = null;
  };

  const stepBase = (index: number) => ({
    id: `step_${randomUUID()}`,
    runId,
    ...(agentId ? { agentId } : {}),
    index,
    stepIndex,
  });

  return {
    parts,
    /** Which agent the next steps belong to (a chain's). */
    setAgent(id: string) {
      agentId = id;
    },
    /** A new model call starts. */
    nextCall() {
      endText();
      stepIndex++;
    },

    delta(kind: DeltaKind, delta: string, hidden = false) {
      if (hidden || !delta) return;
      if (!text || text.kind !== kind) {
        endText();
        const part: ContentPart = kind === 'text' ? { type: 'text', text: '' } : { type: 'think', think: '' };
        parts.push(part);
        const step = stepBase(parts.length - 1);
        text = { id: step.id, kind, part };
        log.append({
          event: 'on_run_step',
          data: {
            ...step,
            type: 'message_creation',
            stepDetails: { type: 'message_creation', message_creation: { message_id: runId } },
          },
        });
      }
      if (text.part.type === 'text') text.part.text += delta;
      else if (text.part.type === 'think') text.part.think += delta;
      coalescer.push(kind, delta);
    },

    /** The model started writing a tool call. */
    toolStart(id: string, name: string) {
      endText();
      if (tools.has(id)) return;
      const part: ToolCallPart = { type: 'tool_call', tool_call: { id, name, args: '', type: 'tool_call' } };
      parts.push(part);
      const step = stepBase(parts.length - 1);
      tools.set(id, { stepId: step.id, index: step.index, part });
      log.append({
        event: 'on_run_step',
        data: {
          ...step,
          type: 'tool_calls',
          stepDetails: { type: 'tool_calls', tool_calls: [{ id, name, args: '', type: 'tool_call' }] },
        },
      });
    },

    toolArgs(id: string, delta: string) {
      const t = tools.get(id);
      if (!t || !delta) return;
      t.part.tool_call.args = `${t.part.tool_call.args ?? ''}${delta}`;
      log.append({
        event: 'on_run_step_delta',
        data: { id: t.stepId, delta: { type: 'tool_calls', tool_calls: [{ id, args: delta }] } },
      });
    },

    /** The whole call: providers that stream no argument deltas (Gemini) send only this. */
    toolCall(id: string, name: string, args: string) {
      if (!tools.has(id)) this.toolStart(id, name);
      const t = tools.get(id)!;
      const sent = typeof t.part.tool_call.args === 'string' ? t.part.tool_call.args : '';
      if (sent !== args) {
        if (args.startsWith(sent)) this.toolArgs(id, args.slice(sent.length));
        else t.part.tool_call.args = args;
      }
    },

    /** The tool starts running. */
    toolRunning(id: string) {
      const t = tools.get(id);
      if (t) t.part.tool_call.progress = TOOL_PROGRESS_INITIAL;
    },

    /** What a running tool reports: sent as a step delta when it moved forward (1 is toolDone's). */
    toolProgress(id: string, value: number) {
      const t = tools.get(id);
      if (!t || !(value > (t.part.tool_call.progress ?? 0)) || value >= 1) return;
      t.part.tool_call.progress = value;
      log.append({
        event: 'on_run_step_delta',
        data: { id: t.stepId, delta: { type: 'tool_calls', tool_calls: [{ id, progress: value }] } },
      });
    },

    /**
     * The call waits for the user to sign in (an action's OAuth): the link and its expiry go on the
     * call, sent as LibreChat does (`auth`, `expires_at` beside the step delta's tool_calls); null
     * takes the link down once signed in ('' on the wire).
     */
    toolAuth(id: string, url: string | null, expiresAt?: number) {
      const t = tools.get(id);
      if (!t) return;
      if (url) Object.assign(t.part.tool_call, { auth: url, expires_at: expiresAt });
      else {
        delete t.part.tool_call.auth;
        delete t.part.tool_call.expires_at;
      }
      log.append({
        event: 'on_run_step_delta',
        data: {
          id: t.stepId,
          delta: {
            type: 'tool_calls',
            tool_calls: [{ id, name: t.part.tool_call.name, args: '', type: 'tool_call' }],
            auth: url ?? '',
            expires_at: url ? expiresAt : 0,
          },
        },
      });
    },

    /** The tool answered (or failed): output and progress 1. */
    toolDone(id: string, output: string, extra: Partial<ToolCall> = {}) {
      const t = tools.get(id);
      if (!t) return;
      Object.assign(t.part.tool_call, { output, progress: 1, ...extra });
      // A finished call no longer asks anyone to sign in.
      delete t.part.tool_call.auth;
      delete t.part.tool_call.expires_at;
      log.append({
        event: 'on_run_step_completed',
        data: {
          result: { id: t.stepId, index: t.index, type: 'tool_call', tool_call: { ...t.part.tool_call } },
        },
      });
    },

    /** The call waits for the user's approval: the run pauses here. */
    toolPending(id: string) {
      const t = tools.get(id);
      if (!t) return;
      t.part.tool_call.approval = 'pending';
      log.append({
        event: 'on_pending_action',
        data: { runId, index: t.index, tool_call: { ...t.part.tool_call } },
      });
    },

    /** A saved call from an earlier generation of this reply (resumed after approval, continued). */
    adoptTool(id: string) {
      const index = parts.findIndex((p) => p.type === 'tool_call' && p.tool_call.id === id);
      if (index < 0 || tools.has(id)) return;
      tools.set(id, { stepId: `step_${randomUUID()}`, index, part: parts[index] as ToolCallPart });
    },

    /** A chain moves on: the next agent's output starts here. */
    agentUpdate(id: string) {
      endText();
      agentId = id;
      const index = parts.length;
      parts.push({ type: 'agent_update', agent_update: { index, runId, agentId: id } });
      log.append({ event: 'on_agent_update', data: { runId, agentId: id, index } });
    },

    /**
     * The reply ends with calls that never got a result (stopped while the model wrote them, or a
     * provider error): each is marked failed, so a continue does not run it unasked.
     */
    settleOpen(output: string) {
      for (const [id, t] of tools)
        if (t.part.tool_call.output == null && t.part.tool_call.approval !== 'pending')
          this.toolDone(id, output);
    },

    /** Send what the coalescer holds (before the reply is saved). */
    flush: endText,
  };
}
export type RunSteps = ReturnType<typeof runSteps>;

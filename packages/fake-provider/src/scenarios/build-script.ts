import { type NormalizedRequest, pendingToolResults, toolRounds } from '../normalized.ts';
import type { Rng } from '../prng.ts';
import type { Script, Step } from '../script.ts';
import type { ScenarioSpec } from './grammar.ts';
import { defaultReply, longReply, reasoningText, toolFollowUp } from './replies.ts';
import { toolCallFor } from './tool-args.ts';

const DEFAULT_AT = 3;
const DEFAULT_STALL_MS = 30_000;

/**
 * Spec + request → Script. `attempt` counts identical requests, for `…-then-ok`. Reasoning is added
 * when the spec asks for it or the request enables it (Anthropic thinking, Responses reasoning,
 * Gemini includeThoughts, reasoning_effort).
 */
export function buildScript(spec: ScenarioSpec, req: NormalizedRequest, r: Rng, attempt: number): Script {
  const timing = spec.timing;
  if (spec.error && !spec.error.midstream) {
    const failing = !spec.error.thenOk || attempt <= (spec.fails ?? 1);
    if (failing) return { steps: [{ type: 'error', kind: spec.error.kind, at: 'headers' }], timing };
  }
  if (spec.fault === 'html_502') return { steps: [{ type: 'fault', kind: 'html_502' }], timing };

  const steps: Step[] = [];
  // Mid tool loop the directive is still in the last user message; answer instead of calling again.
  const afterTools = pendingToolResults(req).length > 0;
  if (spec.reasoning || req.reasoning.enabled)
    steps.push({
      type: 'reasoning',
      text: reasoningText(req),
      ...(spec.reasoning === 'redacted' ? { redacted: true } : {}),
    });
  let finish = spec.finish ?? 'stop';
  const loop = spec.steps !== undefined || spec.tools !== undefined;
  const round = loop ? toolRounds(req) : 0;
  const total = spec.steps ?? spec.tools?.length ?? 0;
  // A request that declares no tools (a chained agent without any) is answered.
  if (loop && round < total && req.tools.length > 0) {
    // A multi-step loop: this round's tools (several = parallel calls), then wait for results.
    const names = spec.tools?.[Math.min(round, spec.tools.length - 1)] ?? [spec.tool ?? true];
    for (const name of names) steps.push({ type: 'tool_call', ...toolCallFor(req, name) });
    finish = spec.finish ?? 'tool';
  } else if (loop) {
    const text = spec.tokens
      ? longReply(req, spec.tokens, r)
      : afterTools
        ? toolFollowUp(req)
        : defaultReply(req, r);
    steps.push({ type: 'text', text });
  } else if (spec.tool && !afterTools) {
    steps.push({ type: 'tool_call', ...toolCallFor(req, spec.tool) });
    finish = spec.finish ?? 'tool';
  } else {
    const text = afterTools
      ? toolFollowUp(req)
      : spec.tokens
        ? longReply(req, spec.tokens, r)
        : defaultReply(req, r);
    steps.push({ type: 'text', text });
  }
  if (spec.error?.midstream) steps.push({ type: 'error', kind: spec.error.kind, at: spec.at ?? DEFAULT_AT });
  if (spec.fault)
    steps.push({
      type: 'fault',
      kind: spec.fault,
      at: spec.at ?? DEFAULT_AT,
      ms: spec.ms ?? DEFAULT_STALL_MS,
    });
  return { steps, finish, timing };
}

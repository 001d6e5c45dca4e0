import type { ChatError } from '@parley/schema';
import { deltaCoalescer } from '../generation/coalescer.ts';
import type { Generation } from '../generation/store.ts';
import { type StreamEvent, streamModel } from '../providers/stream.ts';
import { needsLoop, runAgentGeneration } from './agent/run-agent.ts';
import { contentBuilder } from './content-builder.ts';
import { continuedParts } from './continue.ts';
import type { ChatDeps } from './deps.ts';
import { saveReply } from './persist.ts';
import { type Prompt, preparePrompt } from './prompt.ts';
import type { RunContext } from './run-context.ts';
import { chatErrorOf } from './run-errors.ts';
import { startTitle } from './title.ts';

export type { RunContext } from './run-context.ts';

/**
 * One generation, detached from the HTTP request (DESIGN §1.4): prepare the prompt, stream the
 * provider's deltas into the generation's log, save the reply, end the log with its `final` (or
 * error) frame, then title the conversation if it is new.
 */
export async function runGeneration(deps: ChatDeps, gen: Generation, ctx: RunContext): Promise<void> {
  // An agent with tools or a chain runs as a loop of steps; one without takes this plain path.
  if (ctx.agent && needsLoop(deps, ctx)) return runAgentGeneration(deps, gen, ctx);
  const id = gen.responseMessageId;
  const signal = gen.controller.signal;
  const content = contentBuilder(ctx.continued ? continuedParts(ctx.placeholder) : []);
  const coalescer = deltaCoalescer((kind, text) => {
    gen.log.append(
      kind === 'text'
        ? { event: 'on_message_delta', data: { id, delta: { content: [{ type: 'text', text }] } } }
        : { event: 'on_reasoning_delta', data: { id, delta: { content: [{ type: 'think', think: text }] } } },
    );
  });

  let prompt: Prompt | null = null;
  let finish: Extract<StreamEvent, { type: 'finish' }> | null = null;
  let error: ChatError | null = null;
  try {
    prompt = await preparePrompt(deps, gen, ctx);
    const { model, system, turns, options } = prompt;
    const events = streamModel(model, {
      system,
      turns,
      options,
      signal,
      maxRetries: deps.maxRetries,
      idleTimeoutMs: deps.idleTimeoutMs,
    });
    for await (const event of events) {
      if (event.type === 'finish') {
        finish = event;
      } else if (event.type === 'text' || event.type === 'think') {
        content.add(event.type, event.text);
        coalescer.push(event.type, event.text);
      }
    }
  } catch (failure) {
    error = chatErrorOf(failure, signal.aborted);
    if (error) deps.log.warn({ err: error, endpoint: ctx.endpoint.name }, 'provider error');
  }
  coalescer.flush();
  const aborted = signal.aborted;

  const frame = await saveReply(deps, gen, ctx, { parts: content.parts, error, aborted, finish, prompt });
  gen.log.append(frame);
  const final = 'final' in frame ? frame : null;
  deps.generations.finish(gen, final);
  if (final && prompt && !aborted) startTitle(deps, gen, ctx, prompt.creds, final);
}

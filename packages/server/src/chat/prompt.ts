import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FileCitation, ModelParameters } from '@parley/schema';
import type { Generation } from '../generation/store.ts';
import type { ResolvedModel } from '../providers/adapter.ts';
import { type Credentials, resolveCredentials } from '../providers/credentials.ts';
import type { StreamRequest } from '../providers/stream.ts';
import { agentInstructions } from './agent/instructions.ts';
import { withArtifactsPrompt } from './artifacts-prompt.ts';
import { withAttachments } from './attachments.ts';
import { buildContext } from './build-context.ts';
import {
  contextWindow,
  DEFAULT_OUTPUT_RESERVE,
  estimateTokens,
  fitContext,
  type Turn,
  turnTokens,
} from './context-window.ts';
import type { ChatDeps } from './deps.ts';
import type { RunContext } from './run-context.ts';

/** Everything the provider call needs. */
export interface Prompt {
  creds: Credentials;
  model: LanguageModelV3;
  system: string | undefined;
  turns: Turn[];
  options: StreamRequest['options'];
  /** Our estimate of the prompt's tokens, charged when the provider reports no usage. */
  promptEstimate: number;
  /** Oldest turns left out to fit the context window. */
  contextDropped: number;
  /** Passages of attached files given with the question, cited in the reply as [n]. */
  citations: FileCitation[];
  /** The files attached in the branch (an agent's file_search reads them as the user). */
  fileIds: string[];
}

/**
 * Step 1 of a run: the user's (or the server's) credentials, the model, and the branch up to the
 * user message fitted into the model's context window. Throws CredentialsError when the key is
 * missing or unusable.
 */
export async function preparePrompt(
  deps: ChatDeps,
  gen: Generation,
  ctx: RunContext,
  opts: { replyAsTurn?: boolean } = {},
): Promise<Prompt> {
  const creds = await resolveCredentials(ctx.endpoint, gen.userId, {
    keys: deps.repos.keys,
    box: deps.box,
    allowedPrivateHosts: deps.allowedPrivateHosts,
  });
  const branch = await deps.repos.messages.branch(gen.userId, gen.conversationId, gen.userMessageId);
  const resolved = deps.providers.resolve(ctx.endpoint, ctx.model, ctx.parameters, creds);
  // Continuing: the reply so far is the last (assistant) turn, for the model to carry on from
  // (an agent's loop resends its steps itself).
  const context = buildContext(
    ctx.continued && opts.replyAsTurn !== false ? [...branch, ctx.placeholder] : branch,
  );
  const { turns, citations } = await withAttachments(deps.chatFiles, gen.userId, context, ctx.model);
  // An agent's instructions (with its context files) are the system prompt; the request's own
  // parameters never reach an agent's run.
  const parameters = ctx.agent
    ? {
        ...ctx.parameters,
        promptPrefix: await agentInstructions(
          deps,
          ctx.agent,
          await deps.tools.instructions(ctx.agent.settings.tools, { userId: gen.userId }),
        ),
      }
    : {
        ...ctx.parameters,
        promptPrefix: withArtifactsPrompt(ctx.parameters.promptPrefix ?? undefined, ctx.artifacts),
      };
  return {
    creds,
    model: resolved.model,
    citations,
    fileIds: [
      ...new Set(context.flatMap((t) => (t.files ?? []).flatMap((f) => (f.file_id ? [f.file_id] : [])))),
    ],
    ...fitPrompt(ctx.model, parameters, resolved, turns),
  };
}

/** The system prompt and the newest turns that fit the model's window, with the call options. */
export function fitPrompt(
  modelId: string,
  p: ModelParameters,
  resolved: Omit<ResolvedModel, 'model'>,
  history: Turn[],
): Omit<Prompt, 'creds' | 'model' | 'citations' | 'fileIds'> {
  const maxOutputTokens = resolved.maxOutputTokens ?? p.maxOutputTokens ?? p.max_tokens;
  const budget = (p.maxContextTokens ?? contextWindow(modelId)) - (maxOutputTokens ?? DEFAULT_OUTPUT_RESERVE);
  const system = p.promptPrefix || undefined;
  const fitted = fitContext(history, system, budget);
  return {
    system,
    turns: fitted.turns,
    options: callOptions(p, resolved, maxOutputTokens),
    promptEstimate: fitted.turns.reduce((n, t) => n + turnTokens(t), system ? estimateTokens(system) : 0),
    contextDropped: fitted.dropped,
  };
}

/** The request's parameters as the SDK's call options, as far as this provider takes them. */
export function callOptions(
  p: ModelParameters,
  resolved: Omit<ResolvedModel, 'model'>,
  maxOutputTokens: number | undefined,
): StreamRequest['options'] {
  return {
    temperature: p.temperature,
    topP: p.top_p,
    // 0 is the panel's "no cutoff"; providers reject top_k 0.
    topK: p.topK || undefined,
    frequencyPenalty: resolved.penalties ? p.frequency_penalty : undefined,
    presencePenalty: resolved.penalties ? p.presence_penalty : undefined,
    maxOutputTokens,
    stopSequences: p.stop?.length ? p.stop : undefined,
    providerOptions: resolved.providerOptions,
  };
}

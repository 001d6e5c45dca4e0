import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FileCitation, ModelParameters } from '@parley/schema';
import type { Generation } from '../generation/store.ts';
import type { ResolvedModel } from '../providers/adapter.ts';
import { type Credentials, resolveCredentials } from '../providers/credentials.ts';
import type { StreamRequest } from '../providers/stream.ts';
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
}

/**
 * Step 1 of a run: the user's (or the server's) credentials, the model, and the branch up to the
 * user message fitted into the model's context window. Throws CredentialsError when the key is
 * missing or unusable.
 */
export async function preparePrompt(deps: ChatDeps, gen: Generation, ctx: RunContext): Promise<Prompt> {
  const creds = await resolveCredentials(ctx.endpoint, gen.userId, {
    keys: deps.repos.keys,
    box: deps.box,
    allowedPrivateHosts: deps.allowedPrivateHosts,
  });
  const branch = await deps.repos.messages.branch(gen.userId, gen.conversationId, gen.userMessageId);
  const resolved = deps.providers.resolve(ctx.endpoint, ctx.model, ctx.parameters, creds);
  // Continuing: the reply so far is the last (assistant) turn, for the model to carry on from.
  const context = buildContext(ctx.continued ? [...branch, ctx.placeholder] : branch);
  const { turns, citations } = await withAttachments(deps.chatFiles, gen.userId, context, ctx.model);
  return {
    creds,
    model: resolved.model,
    citations,
    ...fitPrompt(ctx.model, ctx.parameters, resolved, turns),
  };
}

/** The system prompt and the newest turns that fit the model's window, with the call options. */
export function fitPrompt(
  modelId: string,
  p: ModelParameters,
  resolved: Omit<ResolvedModel, 'model'>,
  history: Turn[],
): Omit<Prompt, 'creds' | 'model' | 'citations'> {
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

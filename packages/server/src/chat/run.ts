import { type ContentPart, DEFAULT_TITLE, type FinalFrame, type ModelParameters } from '@parley/schema';
import { createRepos } from '../db/repos/index.ts';
import type { ConversationRow, MessageRow } from '../db/schema.ts';
import { type DeltaKind, deltaCoalescer } from '../generation/coalescer.ts';
import type { Generation } from '../generation/store.ts';
import { presentConversation } from '../presenters/conversation.ts';
import { presentMessage } from '../presenters/message.ts';
import type { EndpointDef } from '../providers/catalog.ts';
import { type Credentials, CredentialsError, resolveCredentials } from '../providers/credentials.ts';
import { toChatErrorText } from '../providers/errors.ts';
import { streamModel } from '../providers/stream.ts';
import { buildContext } from './context.ts';
import { contextWindow, DEFAULT_OUTPUT_RESERVE, estimateTokens, fitContext } from './context-window.ts';
import { continuedParts } from './continue.ts';
import type { ChatDeps } from './deps.ts';
import { generateTitle } from './title.ts';

/** The conversation was deleted while its reply was generating. */
class ConversationGone extends Error {}
const CONVERSATION_GONE_TEXT = 'This conversation was deleted while the reply was being written.';

/**
 * A provider that sends nothing for this long is given up on, so a stalled upstream never leaves
 * the user waiting forever (value not shown in the spec). Thinking models can be quiet for a while.
 */
export const PROVIDER_IDLE_TIMEOUT_MS = 120_000;

export const IDLE_TIMEOUT_TEXT = JSON.stringify({
  type: 'provider_error',
  info: 'The AI service stopped responding. Please try again.',
});

export interface RunContext {
  endpoint: EndpointDef;
  model: string;
  parameters: ModelParameters;
  conversation: ConversationRow;
  userMessage: MessageRow;
  placeholder: MessageRow;
  /** Continue (doc 3 §4): `placeholder` is the saved reply; new output is appended to it. */
  continued?: boolean;
}

/** Accumulates the reply as typed content parts, merging consecutive deltas of one kind. */
function contentBuilder(initial: ContentPart[] = []) {
  const parts: ContentPart[] = initial;
  return {
    parts,
    add(kind: DeltaKind, text: string) {
      const last = parts[parts.length - 1];
      if (kind === 'text' && last?.type === 'text') last.text += text;
      else if (kind === 'think' && last?.type === 'think') last.think += text;
      else parts.push(kind === 'text' ? { type: 'text', text } : { type: 'think', think: text });
    },
    text: () =>
      parts
        .filter((p): p is Extract<ContentPart, { type: 'text' }> => p.type === 'text')
        .map((p) => p.text)
        .join(''),
  };
}

/**
 * Call the provider, stream deltas into the generation's log, then persist the reply and end the
 * log with `final` (or an error frame). Runs detached from the HTTP request (DESIGN §1.4).
 */
export async function runGeneration(deps: ChatDeps, gen: Generation, ctx: RunContext): Promise<void> {
  const id = gen.responseMessageId;
  const content = contentBuilder(ctx.continued ? continuedParts(ctx.placeholder) : []);
  const coalescer = deltaCoalescer((kind, text) => {
    gen.log.append(
      kind === 'text'
        ? { event: 'on_message_delta', data: { id, delta: { content: [{ type: 'text', text }] } } }
        : { event: 'on_reasoning_delta', data: { id, delta: { content: [{ type: 'think', think: text }] } } },
    );
  });

  let credentials: Credentials | null = null;
  let contextDropped = 0;
  let inputTokens: number | null = null;
  let promptEstimate = 0;
  let finishReason: string | null = null;
  let outputTokens: number | null = null;
  let errorText: string | null = null;
  const signal = gen.controller.signal;
  // Our own controller for the upstream call: a user abort and an idle timeout both end it.
  const upstream = new AbortController();
  const onAbort = () => upstream.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  let idle: NodeJS.Timeout | undefined;
  let timedOut = false;
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      timedOut = true;
      upstream.abort();
    }, deps.idleTimeoutMs ?? PROVIDER_IDLE_TIMEOUT_MS);
  };

  try {
    touch();
    const creds = await resolveCredentials(ctx.endpoint, gen.userId, {
      keys: deps.repos.keys,
      box: deps.box,
      allowedPrivateHosts: deps.allowedPrivateHosts,
    });
    credentials = creds;
    const branch = await deps.repos.messages.branch(gen.userId, gen.conversationId, gen.userMessageId);
    const resolved = deps.providers.resolve(ctx.endpoint, ctx.model, ctx.parameters, creds);
    const p = ctx.parameters;
    const maxOut = resolved.maxOutputTokens ?? p.maxOutputTokens ?? p.max_tokens;
    const budget = (p.maxContextTokens ?? contextWindow(ctx.model)) - (maxOut ?? DEFAULT_OUTPUT_RESERVE);
    // Continuing: the reply so far is the last (assistant) turn, for the model to carry on from.
    const turns = ctx.continued ? buildContext([...branch, ctx.placeholder]) : buildContext(branch);
    const fitted = fitContext(turns, p.promptPrefix || undefined, budget);
    contextDropped = fitted.dropped;
    promptEstimate = fitted.turns.reduce(
      (n, t) => n + estimateTokens(t.text),
      p.promptPrefix ? estimateTokens(p.promptPrefix) : 0,
    );
    const events = streamModel(resolved.model, {
      system: p.promptPrefix || undefined,
      turns: fitted.turns,
      options: {
        temperature: p.temperature,
        topP: p.top_p,
        // 0 is the panel's "no cutoff"; providers reject top_k 0.
        topK: p.topK || undefined,
        frequencyPenalty: resolved.penalties ? p.frequency_penalty : undefined,
        presencePenalty: resolved.penalties ? p.presence_penalty : undefined,
        maxOutputTokens: maxOut,
        stopSequences: p.stop?.length ? p.stop : undefined,
        providerOptions: resolved.providerOptions,
      },
      signal: upstream.signal,
      maxRetries: deps.maxRetries,
    });
    for await (const event of events) {
      touch();
      if (event.type === 'finish') {
        finishReason = event.finishReason;
        outputTokens = event.outputTokens;
        inputTokens = event.inputTokens;
      } else {
        content.add(event.type, event.text);
        coalescer.push(event.type, event.text);
      }
    }
  } catch (error) {
    if (error instanceof CredentialsError) errorText = error.message;
    else if (timedOut) errorText = IDLE_TIMEOUT_TEXT;
    else if (!signal.aborted) errorText = toChatErrorText(error);
    if (errorText) deps.log.warn({ err: errorText, endpoint: ctx.endpoint.name }, 'provider error');
  } finally {
    clearTimeout(idle);
    signal.removeEventListener('abort', onAbort);
  }
  if (timedOut && !errorText) errorText = IDLE_TIMEOUT_TEXT;
  coalescer.flush();
  const aborted = signal.aborted;

  const now = Date.now();
  const response: MessageRow = {
    ...ctx.placeholder,
    text: errorText ?? content.text(),
    // A reply that failed mid-stream keeps what arrived, followed by the error.
    content:
      content.parts.length === 0
        ? null
        : JSON.stringify(errorText ? [...content.parts, { type: 'error', error: errorText }] : content.parts),
    error: errorText ? 1 : 0,
    // A stream that ended without the provider saying why (cut off upstream: the SDK reports
    // `other`, or nothing) is incomplete too.
    unfinished: aborted || (!errorText && (finishReason === null || finishReason === 'other')) ? 1 : 0,
    finish_reason: aborted ? 'abort' : errorText ? 'error' : finishReason,
    token_count: outputTokens ?? (!errorText && content.text() ? estimateTokens(content.text()) : null),
    metadata: contextDropped ? JSON.stringify({ contextDropped }) : null,
    updated_at: now,
  };

  let final: FinalFrame | null = null;
  try {
    const conversation = await deps.db.transaction().execute(async (trx) => {
      const repos = createRepos(trx);
      // Deleted (or purged) while the reply streamed: nothing is saved or charged.
      if (!(await repos.conversations.get(gen.userId, gen.conversationId))) throw new ConversationGone();
      if (ctx.continued) await repos.messages.replace(gen.userId, response);
      else await repos.messages.insert(response);
      // Usage, as the provider reported it (or estimated when it did not), on both messages and
      // in the ledger; nothing is charged for a request that never reached the model.
      if (credentials && !errorText) {
        const input = inputTokens ?? promptEstimate;
        const output = response.token_count ?? 0;
        await repos.messages.setTokenCount(gen.userId, ctx.userMessage.message_id, input);
        await deps.balance.charge(
          trx,
          {
            userId: gen.userId,
            conversationId: gen.conversationId,
            messageId: response.message_id,
            model: ctx.model,
            inputTokens: input,
            outputTokens: output,
          },
          deps.rates,
        );
      }
      // The run's settings were saved with the user message (submit.ts); only activity is left.
      return repos.conversations.update(gen.userId, gen.conversationId, { updated_at: now });
    });
    const convo = presentConversation(conversation ?? ctx.conversation);
    if (errorText) {
      gen.log.append({
        error: true,
        message: errorText,
        responseMessage: presentMessage(response),
        conversation: convo,
      });
    } else {
      final = {
        final: true,
        conversation: convo,
        requestMessage: presentMessage(ctx.userMessage),
        responseMessage: presentMessage(response),
      };
      gen.log.append(final);
    }
  } catch (error) {
    if (error instanceof ConversationGone) {
      gen.log.append({ error: true, message: CONVERSATION_GONE_TEXT });
    } else {
      deps.log.error({ err: error }, 'saving the reply failed');
      gen.log.append({ error: true, message: 'The reply could not be saved. Please try again.' });
    }
  }
  deps.generations.finish(gen, final);

  if (
    final &&
    credentials &&
    !aborted &&
    final.conversation.title === DEFAULT_TITLE &&
    // Temporary chats are not titled (LibreChat): they never show in the list.
    final.conversation.expiredAt === null &&
    ctx.endpoint.titleConvo
  ) {
    startTitle(deps, gen, ctx, credentials, final.responseMessage.text);
  }
}

function startTitle(deps: ChatDeps, gen: Generation, ctx: RunContext, creds: Credentials, replyText: string) {
  const work = (async () => {
    try {
      const titleModel = ctx.endpoint.titleModel ?? ctx.model;
      const { model } = deps.providers.resolve(ctx.endpoint, titleModel, {}, creds);
      const title = await generateTitle({
        model,
        userText: ctx.userMessage.text,
        replyText,
        maxRetries: deps.maxRetries,
      });
      if (!title) return null;
      // A title does not count as activity: updated_at (the sidebar order) stays as it is.
      const set = await deps.repos.conversations.setGeneratedTitle(
        gen.userId,
        gen.conversationId,
        title,
        DEFAULT_TITLE,
      );
      return set ? title : null;
    } catch (error) {
      deps.log.warn({ err: toChatErrorText(error) }, 'title generation failed');
      return null;
    }
  })();
  deps.titles.track(`${gen.userId}:${gen.conversationId}`, work);
}

import { DEFAULT_TITLE, type FinalFrame, TITLE_MAX } from '@parley/schema';
import { generateText, type LanguageModel } from 'ai';
import type { Generation } from '../generation/store.ts';
import type { Credentials } from '../providers/credentials.ts';
import { toChatError } from '../providers/errors.ts';
import type { ChatDeps } from './deps.ts';
import type { RunContext } from './run-context.ts';

/** Upper bound on a title request so a slow provider cannot hold the promise forever. */
export const TITLE_TIMEOUT_MS = 20_000;

/** Clean a model's answer into a one-line title. */
export function cleanTitle(raw: string): string {
  const line =
    raw
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? '';
  const stripped = line
    .replace(/^title\s*:\s*/i, '')
    .replace(/^["'“”*#\s]+|["'“”*\s]+$/g, '')
    .replace(/[.!?]+$/, '')
    .trim();
  return stripped.slice(0, TITLE_MAX);
}

export async function generateTitle(opts: {
  model: LanguageModel;
  userText: string;
  replyText: string;
  maxRetries: number;
}): Promise<string> {
  const { text } = await generateText({
    model: opts.model,
    system:
      'You name conversations. Reply with a concise title of at most 7 words that captures the topic. No quotes, no punctuation at the end.',
    prompt: `User: ${opts.userText.slice(0, 2000)}\n\nAssistant: ${opts.replyText.slice(0, 2000)}\n\nTitle:`,
    maxOutputTokens: 40,
    maxRetries: opts.maxRetries,
    abortSignal: AbortSignal.timeout(TITLE_TIMEOUT_MS),
  });
  return cleanTitle(text);
}

/**
 * Whether a finished reply gets its conversation titled: still untitled, the endpoint titles
 * conversations, and not a temporary chat (LibreChat: they never show in the list).
 */
export function titleDue(final: FinalFrame, ctx: Pick<RunContext, 'endpoint'>): boolean {
  return (
    final.conversation.title === DEFAULT_TITLE &&
    final.conversation.expiredAt === null &&
    ctx.endpoint.titleConvo
  );
}

/**
 * The title trigger, after a reply was saved: generate a title in the background when one is due.
 * GET /api/convos/gen_title waits for it through `deps.titles`.
 */
export function startTitle(
  deps: ChatDeps,
  gen: Generation,
  ctx: RunContext,
  creds: Credentials,
  final: FinalFrame,
): void {
  if (!titleDue(final, ctx)) return;
  const work = (async () => {
    try {
      const titleModel = ctx.endpoint.titleModel ?? ctx.model;
      const { model } = deps.providers.resolve(ctx.endpoint, titleModel, {}, creds);
      const title = await generateTitle({
        model,
        userText: ctx.userMessage.text,
        replyText: final.responseMessage.text,
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
      deps.log.warn({ err: toChatError(error) }, 'title generation failed');
      return null;
    }
  })();
  deps.titles.track(`${gen.userId}:${gen.conversationId}`, work);
}

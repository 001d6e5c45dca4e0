import { DecodeError } from '../dialect.ts';
import type { Message } from '../normalized.ts';

/**
 * Anthropic's rule for extended thinking with tools: when thinking is on and the request carries
 * tool results, the assistant turn that made those calls must start with its thinking block,
 * signed (or a redacted_thinking block), as the model returned it. A client that drops the
 * thinking (or its signature) on the way back is refused with a 400, as by the real API.
 */
export function checkThinkingBeforeToolResults(messages: readonly Message[], thinkingOn: boolean): void {
  if (!thinkingOn) return;
  const last = messages.findLastIndex((m) => m.role === 'assistant');
  if (last < 0) return;
  const turn = messages[last];
  if (!turn.parts.some((p) => p.type === 'tool_call')) return;
  const answered = messages.slice(last + 1).some((m) => m.parts.some((p) => p.type === 'tool_result'));
  if (!answered) return;
  const first = turn.parts[0];
  const at = `messages.${last}.content.0`;
  if (first.type !== 'reasoning')
    throw new DecodeError(
      `${at}.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${first.type === 'tool_call' ? 'tool_use' : first.type}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`,
      at,
    );
  if (!first.redacted && !first.signature)
    throw new DecodeError(`${at}.thinking.signature: Field required`, `${at}.thinking.signature`);
}

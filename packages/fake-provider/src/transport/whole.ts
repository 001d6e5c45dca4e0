import type { Dialect, EncodeContext, ErrorInfo, WholeReply } from '../dialect.ts';
import type { Timing } from '../script.ts';
import { destroy, type Exchange, sendJson } from './exchange.ts';
import type { Plan } from './plan.ts';
import { deadlines } from './schedule.ts';

/**
 * A non-streaming reply: wait as long as the stream would have taken, then one JSON body. A
 * mid-stream error becomes the HTTP error; faults still apply where they make sense.
 */
export async function runWhole(
  ex: Exchange,
  dialect: Dialect,
  ctx: EncodeContext,
  plan: Plan,
  timing: Timing,
  info: ErrorInfo,
) {
  const { pacer } = ex;
  const reply: WholeReply = { reasoning: [], text: '', toolCalls: [], finish: plan.finish };
  let chunks = 0;
  for (const item of plan.items) {
    if (item.type === 'reasoning') {
      const lastR = reply.reasoning[reply.reasoning.length - 1];
      if (lastR && !item.redacted && !lastR.redacted) lastR.text += item.text;
      else reply.reasoning.push({ text: item.text, signature: item.signature, redacted: item.redacted });
      chunks++;
    } else if (item.type === 'text') {
      reply.text += item.text;
      chunks++;
    } else if (item.type === 'tool_call') {
      reply.toolCalls.push({ id: item.id, name: item.name, args: item.args });
      chunks++;
    } else if (item.type === 'error') {
      const err = dialect.httpError(item.kind, { ...info, message: item.message ?? info.message });
      return sendJson(ex, err.status, err.body, err.headers);
    } else if (item.kind === 'stall') {
      if (!(await pacer.real(item.ms ?? 30_000))) return;
    } else if (item.kind === 'disconnect' || item.kind === 'truncate' || item.kind === 'malformed') {
      return destroy(ex, `fault: ${item.kind}`);
    }
  }
  const total = (timing.headersMs ?? 0) + (chunks ? deadlines(timing, () => 0).at(0, chunks - 1) : 0);
  if (!(await pacer.until(pacer.now() + total))) return;
  sendJson(ex, 200, dialect.whole(reply, ctx));
}

import type { EncodeContext, Frame, StreamEncoder, ToolCallOut, WholeReply } from '../dialect.ts';
import { openaiErrorObject } from '../errors/openai.ts';
import type { ResolvedUsage } from '../script.ts';
import { fragments } from '../tokens.ts';
import { eventFrame, SSE_CONTENT_TYPE } from '../transport/sse.ts';

type Item = Record<string, unknown> & { id: string; type: string };

function usageObject(u: ResolvedUsage) {
  const output = u.output + u.reasoning;
  return {
    input_tokens: u.input,
    input_tokens_details: { cached_tokens: u.cacheRead },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: u.reasoning },
    total_tokens: u.input + output,
  };
}

/** The `response` object as `response.created` / `.completed` carry it (§2). */
function responseObject(ctx: EncodeContext, id: string, status: string, output: Item[], extra: object = {}) {
  const raw = ctx.raw;
  const reasoning = raw.reasoning as { effort?: string; summary?: string } | undefined;
  return {
    id,
    object: 'response',
    created_at: ctx.created,
    status,
    background: false,
    error: null,
    incomplete_details: null,
    instructions: raw.instructions ?? null,
    max_output_tokens: raw.max_output_tokens ?? null,
    model: ctx.request.model,
    output,
    parallel_tool_calls: raw.parallel_tool_calls ?? true,
    previous_response_id: raw.previous_response_id ?? null,
    reasoning: { effort: reasoning?.effort ?? null, summary: reasoning?.summary ?? null },
    service_tier: 'default',
    store: raw.store ?? true,
    temperature: raw.temperature ?? 1,
    text: raw.text ?? { format: { type: 'text' } },
    tool_choice: raw.tool_choice ?? 'auto',
    tools: raw.tools ?? [],
    top_p: raw.top_p ?? 1,
    truncation: 'disabled',
    usage: null,
    metadata: {},
    ...extra,
  };
}

const wantsEncrypted = (ctx: EncodeContext) =>
  Array.isArray(ctx.raw.include) && ctx.raw.include.includes('reasoning.encrypted_content');

/**
 * Responses API stream (§2): named events with increasing `sequence_number`; output items open and
 * close around their deltas; ends with one terminal event and no `[DONE]`.
 */
export function openaiResponsesStream(ctx: EncodeContext): StreamEncoder {
  const responseId = ctx.ids('resp_', 32);
  const output: Item[] = [];
  let seq = 0;
  let open: { item: Item; text: string } | null = null;

  const ev = (type: string, data: object): Frame =>
    eventFrame(type, { type, sequence_number: seq++, ...data });
  const idx = () => output.length - 1;

  const close = (): Frame[] => {
    if (!open) return [];
    const { item, text } = open;
    open = null;
    const output_index = idx();
    if (item.type === 'reasoning') {
      const part = { type: 'summary_text', text };
      const done: Item = {
        ...item,
        summary: [part],
        ...(wantsEncrypted(ctx)
          ? { encrypted_content: `gAAAAB${Buffer.from(text).toString('base64')}` }
          : {}),
      };
      output[output_index] = done;
      return [
        ev('response.reasoning_summary_text.done', {
          item_id: item.id,
          output_index,
          summary_index: 0,
          text,
        }),
        ev('response.reasoning_summary_part.done', {
          item_id: item.id,
          output_index,
          summary_index: 0,
          part,
        }),
        ev('response.output_item.done', { output_index, item: done }),
      ];
    }
    const part = { type: 'output_text', annotations: [], logprobs: [], text };
    const done: Item = { ...item, status: 'completed', content: [part] };
    output[output_index] = done;
    return [
      ev('response.output_text.done', {
        item_id: item.id,
        output_index,
        content_index: 0,
        text,
        logprobs: [],
      }),
      ev('response.content_part.done', { item_id: item.id, output_index, content_index: 0, part }),
      ev('response.output_item.done', { output_index, item: done }),
    ];
  };

  const openItem = (item: Item, extra: (output_index: number) => Frame[]): Frame[] => {
    const frames = close();
    output.push(item);
    open = { item, text: '' };
    return [...frames, ev('response.output_item.added', { output_index: idx(), item }), ...extra(idx())];
  };

  return {
    contentType: SSE_CONTENT_TYPE,
    start: () => [
      ev('response.created', { response: responseObject(ctx, responseId, 'in_progress', []) }),
      ev('response.in_progress', { response: responseObject(ctx, responseId, 'in_progress', []) }),
    ],
    reasoning(text) {
      const frames =
        open?.item.type === 'reasoning'
          ? []
          : openItem({ id: ctx.ids('rs_', 40), type: 'reasoning', summary: [] }, (output_index) => [
              ev('response.reasoning_summary_part.added', {
                item_id: open!.item.id,
                output_index,
                summary_index: 0,
                part: { type: 'summary_text', text: '' },
              }),
            ]);
      const cur = open!;
      cur.text += text;
      return [
        ...frames,
        ev('response.reasoning_summary_text.delta', {
          item_id: cur.item.id,
          output_index: idx(),
          summary_index: 0,
          delta: text,
        }),
      ];
    },
    text(text) {
      const frames =
        open?.item.type === 'message'
          ? []
          : openItem(
              {
                id: ctx.ids('msg_', 40),
                type: 'message',
                status: 'in_progress',
                content: [],
                role: 'assistant',
              },
              (output_index) => [
                ev('response.content_part.added', {
                  item_id: open!.item.id,
                  output_index,
                  content_index: 0,
                  part: { type: 'output_text', annotations: [], logprobs: [], text: '' },
                }),
              ],
            );
      const cur = open!;
      cur.text += text;
      return [
        ...frames,
        ev('response.output_text.delta', {
          item_id: cur.item.id,
          output_index: idx(),
          content_index: 0,
          delta: text,
          logprobs: [],
        }),
      ];
    },
    toolCall(call) {
      const frames = close();
      const args = JSON.stringify(call.args);
      const item: Item = {
        id: ctx.ids('fc_', 40),
        type: 'function_call',
        status: 'in_progress',
        arguments: '',
        call_id: call.id ?? ctx.ids('call_'),
        name: call.name,
      };
      output.push(item);
      const output_index = idx();
      const done: Item = { ...item, status: 'completed', arguments: args };
      output[output_index] = done;
      return [
        ...frames,
        ev('response.output_item.added', { output_index, item }),
        ...fragments(args).map((delta) =>
          ev('response.function_call_arguments.delta', { item_id: item.id, output_index, delta }),
        ),
        ev('response.function_call_arguments.done', { item_id: item.id, output_index, arguments: args }),
        ev('response.output_item.done', { output_index, item: done }),
      ];
    },
    finish(reason) {
      const frames = close();
      const usage = usageObject(ctx.usage);
      if (reason === 'length' || reason === 'content_filter') {
        const incomplete_details = { reason: reason === 'length' ? 'max_output_tokens' : 'content_filter' };
        const response = responseObject(ctx, responseId, 'incomplete', output, { incomplete_details, usage });
        return [...frames, ev('response.incomplete', { response })];
      }
      return [
        ...frames,
        ev('response.completed', {
          response: responseObject(ctx, responseId, 'completed', output, { usage }),
        }),
      ];
    },
    // Mid-stream (§2d): `event: error` then `response.failed`.
    error(kind, info) {
      const e = openaiErrorObject(kind, info);
      const error = { type: e.type, code: e.code ?? kind, message: e.message, param: e.param };
      const failed = responseObject(ctx, responseId, 'failed', output, {
        error: { code: error.code, message: e.message },
      });
      return { frames: [ev('error', { error }), ev('response.failed', { response: failed })] };
    },
  };
}

export function openaiResponsesWhole(reply: WholeReply, ctx: EncodeContext) {
  const output: Item[] = [];
  for (const r of reply.reasoning) {
    output.push({
      id: ctx.ids('rs_', 40),
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: r.text }],
      ...(wantsEncrypted(ctx)
        ? { encrypted_content: `gAAAAB${Buffer.from(r.text).toString('base64')}` }
        : {}),
    });
  }
  if (reply.text) {
    output.push({
      id: ctx.ids('msg_', 40),
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', annotations: [], logprobs: [], text: reply.text }],
    });
  }
  for (const c of reply.toolCalls as ToolCallOut[]) {
    output.push({
      id: ctx.ids('fc_', 40),
      type: 'function_call',
      status: 'completed',
      arguments: JSON.stringify(c.args),
      call_id: c.id ?? ctx.ids('call_'),
      name: c.name,
    });
  }
  const usage = usageObject(ctx.usage);
  if (reply.finish === 'length')
    return responseObject(ctx, ctx.ids('resp_', 32), 'incomplete', output, {
      incomplete_details: { reason: 'max_output_tokens' },
      usage,
    });
  return responseObject(ctx, ctx.ids('resp_', 32), 'completed', output, { usage });
}

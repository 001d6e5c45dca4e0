import type { CodeRunOutcome, ToolCallAttachment, ToolCallRecord } from '@parley/schema';
import type { ToolCallsTable } from '../db/schema.ts';

/** A tool-call record as the API returns it (doc 2 §3.10). */
export function presentToolCall(r: ToolCallsTable): ToolCallRecord {
  return {
    toolId: r.tool_id,
    messageId: r.message_id,
    conversationId: r.conversation_id,
    partIndex: r.part_index,
    blockIndex: r.block_index,
    result: r.result,
    attachments: JSON.parse(r.attachments) as ToolCallAttachment[],
    ...(r.run ? { run: JSON.parse(r.run) as CodeRunOutcome } : {}),
    createdAt: new Date(Number(r.created_at)).toISOString(),
  };
}

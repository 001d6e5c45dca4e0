import { type CallToolBody, type CallToolResult, paths, type ToolCallRecord } from '@parley/schema';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { useAuthedQuery } from './query-client.ts';

/**
 * Code block runs (doc 2 §3.10, §4.14, §7): POST /api/agents/tools/execute_code/call runs one
 * block and stores its record; GET /api/agents/tools/calls lists a conversation's records, read
 * once per conversation and updated in place by each new run.
 */
export const EXECUTE_CODE = 'execute_code';

export const codeRunKeys = {
  calls: (conversationId: string) => ['tool-calls', conversationId] as const,
};

/** Records change only by this client's runs, which write them into the cache. */
const CALLS_STALE_MS = 5 * 60_000;

/** A conversation's stored runs; asked for once a runnable block of it is on screen. */
export function useToolCalls(conversationId: string) {
  return useAuthedQuery({
    queryKey: codeRunKeys.calls(conversationId),
    queryFn: ({ signal }) =>
      apiRequest<ToolCallRecord[]>(paths.agentToolCalls, { query: { conversationId }, signal }),
    staleTime: CALLS_STALE_MS,
  });
}

/** The record of one block, from that list. */
export const recordOf = (
  records: readonly ToolCallRecord[] | undefined,
  at: Pick<ToolCallRecord, 'messageId' | 'partIndex' | 'blockIndex'>,
): ToolCallRecord | undefined =>
  records?.find(
    (r) => r.messageId === at.messageId && r.partIndex === at.partIndex && r.blockIndex === at.blockIndex,
  );

export function callExecuteCode(body: CallToolBody): Promise<CallToolResult> {
  return apiRequest<CallToolResult>(paths.agentToolCall(EXECUTE_CODE), { method: 'POST', body });
}

/** A new run's answer replaces the block's record in the cached list (the server stored it so). */
export function storeRun(client: QueryClient, body: CallToolBody, result: CallToolResult): void {
  const record: ToolCallRecord = {
    ...result,
    toolId: EXECUTE_CODE,
    messageId: body.messageId,
    conversationId: body.conversationId,
    partIndex: body.partIndex,
    blockIndex: body.blockIndex,
    createdAt: new Date().toISOString(),
  };
  client.setQueryData<ToolCallRecord[]>(codeRunKeys.calls(body.conversationId), (list = []) => [
    ...list.filter((r) => r !== recordOf(list, body)),
    record,
  ]);
}

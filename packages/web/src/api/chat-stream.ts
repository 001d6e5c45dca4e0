import {
  type AbortRequest,
  type ActiveGeneration,
  type ChatRequest,
  type FinalFrame,
  paths,
  type SseFrame,
  type ToolApprovalBody,
} from '@parley/schema';
import { createParser } from 'eventsource-parser';
import { apiRequest, authedFetch, toApiError } from './client.ts';

/** Receives every frame with its `id:` sequence number (null when the server sent none). */
export type FrameHandler = (frame: SseFrame, seq: number | null) => void;

/** Read an SSE body frame by frame until the server closes it. Throws on a network failure. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onFrame: FrameHandler,
): Promise<void> {
  const parser = createParser({
    onEvent(event) {
      if (!event.data) return;
      let frame: SseFrame;
      try {
        frame = JSON.parse(event.data) as SseFrame;
      } catch {
        return; // A keep-alive or malformed frame is not fatal.
      }
      const seq = event.id != null && event.id !== '' ? Number(event.id) : Number.NaN;
      onFrame(frame, Number.isFinite(seq) ? seq : null);
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    const rest = decoder.decode();
    if (rest) parser.feed(rest);
  } finally {
    reader.releaseLock();
  }
}

const SSE_HEADERS = { Accept: 'text/event-stream' };

/** POST /api/chat and follow its event stream (a 401 before the stream refreshes and retries once). */
export async function postChat(
  body: ChatRequest,
  onFrame: FrameHandler,
  signal?: AbortSignal,
): Promise<void> {
  const res = await authedFetch(paths.chat, { method: 'POST', body, headers: SSE_HEADERS, signal });
  if (!res.ok || !res.body) throw await toApiError(res);
  await readEventStream(res.body, onFrame);
}

/**
 * POST /api/chat/approval: approve or deny a tool call a paused agent run waits on. The answer is
 * the run going on, streamed like POST /api/chat into the same reply.
 */
export async function postChatApproval(
  body: ToolApprovalBody,
  onFrame: FrameHandler,
  signal?: AbortSignal,
): Promise<void> {
  const res = await authedFetch(paths.chatApproval, { method: 'POST', body, headers: SSE_HEADERS, signal });
  if (!res.ok || !res.body) throw await toApiError(res);
  await readEventStream(res.body, onFrame);
}

/** GET /api/chat/stream/:streamId: replay from the start, or after `lastEventId`, then live. */
export async function followChatStream(
  streamId: string,
  lastEventId: number | null,
  onFrame: FrameHandler,
  signal?: AbortSignal,
): Promise<void> {
  const headers: Record<string, string> = { ...SSE_HEADERS };
  if (lastEventId != null && lastEventId >= 0) headers['Last-Event-ID'] = String(lastEventId);
  const res = await authedFetch(paths.chatStream(streamId), { headers, signal });
  if (!res.ok || !res.body) throw await toApiError(res);
  await readEventStream(res.body, onFrame);
}

/** POST /api/chat/abort → the final payload, or null when nothing was running (404 / empty). */
export async function abortChat(request: AbortRequest): Promise<FinalFrame | null> {
  const res = await authedFetch(paths.chatAbort, { method: 'POST', body: request });
  if (res.status === 404 || res.status === 204) return null;
  if (!res.ok) throw await toApiError(res);
  const text = await res.text();
  if (!text) return null;
  const data = JSON.parse(text) as Partial<FinalFrame> | null;
  if (!data?.responseMessage || !data.conversation || !data.requestMessage) return null;
  return { ...(data as FinalFrame), final: true };
}

export const chatKeys = { active: ['chat', 'active'] as const };

export async function fetchActiveGenerations(): Promise<ActiveGeneration[]> {
  const res = await apiRequest<{ generations: ActiveGeneration[] }>(paths.chatActive);
  return res?.generations ?? [];
}

import type { SseFrame } from '@parley/schema';
import type { FastifyReply } from 'fastify';
import type { Generation } from '../generation/store.ts';

/** An SSE comment while waiting keeps proxies from closing a quiet stream (value not shown). */
export const SSE_HEARTBEAT_MS = 15_000;

/** The one place an SSE frame is encoded: `id: <seq>` + `data: <json>` (DESIGN §5). */
export function encodeFrame(seq: number, frame: SseFrame): string {
  return `id: ${seq}\ndata: ${JSON.stringify(frame)}\n\n`;
}

/**
 * Stream a generation's log to this response from `after` on. The client going away only
 * unsubscribes: the generation goes on (DESIGN §1.4).
 */
export function pipeGeneration(reply: FastifyReply, gen: Generation, after: number) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.socket?.setNoDelay(true);
  const open = () => !res.destroyed && !res.writableEnded;
  const heartbeat = setInterval(() => open() && res.write(': ping\n\n'), SSE_HEARTBEAT_MS);
  heartbeat.unref();
  const unsubscribe = gen.log.subscribe(
    after,
    (seq, frame) => {
      if (open()) res.write(encodeFrame(seq, frame));
    },
    () => {
      clearInterval(heartbeat);
      if (open()) res.end();
    },
  );
  // The response's 'close' (not the request's, which fires once the body is read) marks the
  // client going away.
  res.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}

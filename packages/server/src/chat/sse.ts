import type { SseFrame } from '@parley/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Generation } from '../generation/store.ts';

/** The one place an SSE frame is encoded: `id: <seq>` + `data: <json>` (DESIGN §5). */
export function encodeFrame(seq: number, frame: SseFrame): string {
  return `id: ${seq}\ndata: ${JSON.stringify(frame)}\n\n`;
}

/**
 * Stream a generation's log to this response from `after` on. The client going away only
 * unsubscribes: the generation goes on (DESIGN §1.4).
 */
export function pipeGeneration(req: FastifyRequest, reply: FastifyReply, gen: Generation, after: number) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.socket?.setNoDelay(true);
  const unsubscribe = gen.log.subscribe(
    after,
    (seq, frame) => {
      res.write(encodeFrame(seq, frame));
    },
    () => res.end(),
  );
  req.raw.on('close', unsubscribe);
}

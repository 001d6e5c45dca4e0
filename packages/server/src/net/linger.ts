import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long, and how many more bytes, a refused request's body is read and dropped before the cut. */
export const LINGER_MS = 2000;
export const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * A request answered before its body was read (an upload refused mid-stream): once the answer is
 * out, the rest of the body is read and dropped for a bounded while, then the connection is cut —
 * a lingering close. Closing at once with bytes unread makes the kernel reset the connection, and
 * a client still sending can lose the answer to that reset (a browser then shows a network error
 * instead of the refusal); reading on without a bound would let a client stream forever. When the
 * body ends within the bounds the connection stays open for the next request.
 */
export function lingerAfterAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  bounds: { ms: number; bytes: number } = { ms: LINGER_MS, bytes: LINGER_BYTES },
): void {
  if (req.complete) return;
  res.once('finish', () => {
    if (req.complete) return;
    let read = 0;
    const stop = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', stop);
    };
    const cut = () => {
      stop();
      req.socket.destroy();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > bounds.bytes) cut();
    };
    const timer = setTimeout(cut, bounds.ms);
    timer.unref();
    // The parser that was reading it has given up; whatever was piped stops taking data.
    req.unpipe();
    req.on('data', onData);
    req.once('end', stop);
    req.resume();
  });
}

import type { ErrorInfo, Frame, StreamEncoder } from '../dialect.ts';
import type { Rng } from '../prng.ts';
import type { Timing } from '../script.ts';
import { destroy, type Exchange, end, write, writeStreamHead } from './exchange.ts';
import { type ContentItem, isContent, type Plan } from './plan.ts';
import { deadlines } from './schedule.ts';

/** Gap before an isolated write (Gemini's bare-JSON error) so it lands in its own network read. */
const ISOLATE_MS = 25;

function encode(enc: StreamEncoder, item: ContentItem): Frame[] {
  if (item.type === 'reasoning')
    return enc.reasoning(item.text, { signature: item.signature, redacted: item.redacted });
  if (item.type === 'text') return enc.text(item.text);
  return enc.toolCall(item);
}

const half = (frame: Frame): Frame =>
  typeof frame === 'string'
    ? frame.slice(0, Math.ceil(frame.length / 2))
    : frame.subarray(0, Math.ceil(frame.length / 2));

/** Frames go out as one write: text stays text; any binary frame makes the write binary. */
export function joinFrames(frames: Frame[]): string | Buffer {
  if (frames.every((f) => typeof f === 'string')) return frames.join('');
  return Buffer.concat(frames.map((f) => (typeof f === 'string' ? Buffer.from(f) : f)));
}

/** Break the JSON in a frame's last `data:` line while keeping its framing, so parsers choke on it. */
function corrupt(frame: Frame): Frame {
  if (typeof frame !== 'string') return half(frame);
  const body = frame.replace(/\s+$/, '');
  const cut = body.lastIndexOf('data: ');
  const json = body.slice(cut + 6);
  return `${body.slice(0, cut + 6)}${json.slice(0, Math.max(1, Math.floor(json.length / 2)))}\n\n`;
}

/**
 * Run a plan as a stream: start events, paced content chunks (overdue chunks batched into one
 * write), mid-stream errors and faults in place, then the dialect's finish events.
 */
export async function runStream(
  ex: Exchange,
  enc: StreamEncoder,
  plan: Plan,
  timing: Timing,
  r: Rng,
  info: ErrorInfo,
) {
  const { pacer } = ex;
  if (timing.headersMs && !(await pacer.until(pacer.now() + timing.headersMs))) return;
  writeStreamHead(ex, enc.contentType);
  const t0 = pacer.now();
  const schedule = deadlines(timing, r);
  let last = write(ex, joinFrames(enc.start()));
  let offset = 0;
  let sent = 0;

  const items = plan.items;
  for (let k = 0; k < items.length; ) {
    const item = items[k];
    if (isContent(item)) {
      if (!(await pacer.until(schedule.at(t0 + offset, sent)))) return;
      const frames: Frame[] = [];
      do {
        frames.push(...encode(enc, items[k] as ContentItem));
        sent++;
        k++;
      } while (k < items.length && isContent(items[k]) && schedule.at(t0 + offset, sent) <= pacer.now());
      last = write(ex, joinFrames(frames));
      continue;
    }
    k++;
    if (item.type === 'error') {
      const { frames, isolate } = enc.error(item.kind, { ...info, message: item.message ?? info.message });
      if (isolate) {
        await last;
        if (!(await pacer.real(ISOLATE_MS))) return;
      }
      await write(ex, joinFrames(frames));
      end(ex);
      return;
    }
    switch (item.kind) {
      case 'stall': {
        const before = pacer.now();
        if (!(await pacer.real(item.ms ?? 30_000))) return;
        offset += pacer.now() - before;
        break;
      }
      case 'disconnect':
        await last;
        destroy(ex, `fault: ${item.kind}`);
        return;
      case 'bad_crc':
      case 'truncate':
      case 'malformed': {
        const badCrc = enc.badCrc;
        // Only binary framings have a checksum to break; elsewhere bad_crc is a disconnect.
        if (item.kind === 'bad_crc' && !badCrc) {
          await last;
          destroy(ex, `fault: ${item.kind}`);
          return;
        }
        const next = items.slice(k).find(isContent);
        const frame = (next ? encode(enc, next) : enc.finish(plan.finish))[0] ?? '';
        const broken =
          item.kind === 'truncate'
            ? half(frame)
            : item.kind === 'bad_crc' && badCrc
              ? badCrc(frame)
              : (enc.malformed?.(frame) ?? corrupt(frame));
        await write(ex, broken);
        end(ex);
        return;
      }
      case 'no_terminator':
        end(ex);
        return;
    }
  }
  end(ex, joinFrames(enc.finish(plan.finish)));
}

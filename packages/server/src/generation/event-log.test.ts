import type { SseFrame } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { memoryEventLog } from './event-log.ts';

const delta = (text: string): SseFrame => ({
  event: 'on_message_delta',
  data: { id: 'm', delta: { content: [{ type: 'text', text }] } },
});

describe('memoryEventLog', () => {
  it('replays after a sequence number, then delivers live frames, then ends', () => {
    const log = memoryEventLog();
    log.append(delta('a'));
    log.append(delta('b'));
    const seen: number[] = [];
    let ended = false;
    log.subscribe(
      1,
      (seq) => seen.push(seq),
      () => {
        ended = true;
      },
    );
    log.append(delta('c'));
    log.close();
    expect(seen).toEqual([2, 3]);
    expect(ended).toBe(true);
    expect(() => log.append(delta('d'))).toThrow();
  });

  it('ends a late subscriber at once after replay', () => {
    const log = memoryEventLog();
    log.append(delta('a'));
    log.close();
    const seen: number[] = [];
    let ended = false;
    log.subscribe(
      0,
      (seq) => seen.push(seq),
      () => {
        ended = true;
      },
    );
    expect(seen).toEqual([1]);
    expect(ended).toBe(true);
  });
});

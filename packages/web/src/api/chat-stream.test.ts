import type { SseFrame } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { readEventStream } from './chat-stream.ts';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('readEventStream', () => {
  it('parses frames split at arbitrary points, with their ids', async () => {
    const body =
      'id: 1\ndata: {"event":"on_message_delta","data":{"id":"r","delta":{"content":[{"type":"text","text":"Hé"}]}}}\n\n' +
      ': keep-alive\n\n' +
      'id: 2\ndata: {"final":true,"conversation":{},"requestMessage":{},"responseMessage":{}}\n\n';
    const frames: [SseFrame, number | null][] = [];
    await readEventStream(streamOf([body.slice(0, 50), body.slice(50, 51), body.slice(51)]), (f, seq) =>
      frames.push([f, seq]),
    );
    expect(frames).toHaveLength(2);
    expect(frames[0][1]).toBe(1);
    expect(
      (frames[0][0] as { data: { delta: { content: { text: string }[] } } }).data.delta.content[0].text,
    ).toBe('Hé');
    expect(frames[1]).toEqual([
      { final: true, conversation: {}, requestMessage: {}, responseMessage: {} },
      2,
    ]);
  });

  it('survives raw byte splits inside a UTF-8 character', async () => {
    const body = 'id: 7\ndata: {"event":"title","data":{"conversationId":"c","title":"Crème brûlée"}}\n\n';
    const bytes = new TextEncoder().encode(body);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    const frames: [SseFrame, number | null][] = [];
    await readEventStream(stream, (f, seq) => frames.push([f, seq]));
    expect(frames).toEqual([[{ event: 'title', data: { conversationId: 'c', title: 'Crème brûlée' } }, 7]]);
  });

  it('skips malformed data without failing', async () => {
    const frames: unknown[] = [];
    await readEventStream(
      streamOf([
        'data: not json\n\n',
        'data: {"event":"title","data":{"conversationId":"c","title":"t"}}\n\n',
      ]),
      (f) => frames.push(f),
    );
    expect(frames).toHaveLength(1);
  });
});

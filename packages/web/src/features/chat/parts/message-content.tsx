import type { Message } from '@parley/schema';
import { useMemo } from 'react';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import { contentSegments, type Segment } from '../message-parts.ts';
import { ImageGrid } from './attachments.tsx';
import { Thinking } from './thinking.tsx';
import { ToolCallBlock } from './tool-call.tsx';

/** One segment; `growing` marks the one a streaming reply is still adding to. */
function SegmentView({
  segment,
  growing,
  streaming,
}: {
  segment: Segment;
  growing: boolean;
  streaming: boolean;
}) {
  switch (segment.kind) {
    case 'text':
      return (
        <div data-testid="message-part-text">
          <Markdown text={segment.text} streaming={growing} />
        </div>
      );
    case 'think':
      return <Thinking text={segment.text} streaming={growing} answering={!growing} />;
    case 'tool':
      return <ToolCallBlock call={segment.call} isSubmitting={streaming} />;
    case 'image':
      return <ImageGrid images={[segment.image]} />;
  }
}

/**
 * A reply with tool calls or images, part by part in the order they came (doc 2 §3.8): text
 * through Markdown, thoughts through Thinking, tool calls as blocks, images in a grid. Only the
 * last segment can still be growing while the reply streams.
 */
export function MessageContent({ message, streaming }: { message: Message; streaming: boolean }) {
  const segments = useMemo(() => contentSegments(message), [message]);
  const last = segments.length - 1;
  return (
    <div data-testid="message-text" className="flex flex-col">
      {segments.map((segment, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: segments are only appended (and imported ids may repeat)
        <SegmentView key={i} segment={segment} growing={streaming && i === last} streaming={streaming} />
      ))}
    </div>
  );
}

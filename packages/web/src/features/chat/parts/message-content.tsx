import type { Message } from '@parley/schema';
import { memo, useMemo } from 'react';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import { contentSegments, type Segment } from '../message-parts.ts';
import { AgentHeader } from './agent-header.tsx';
import { ImageGrid } from './attachments.tsx';
import { CodeRunScope } from './code-run.tsx';
import { Thinking } from './thinking.tsx';
import { type ApprovalHandler, ToolApproval } from './tool-approval.tsx';
import { ToolCallBlock } from './tool-call.tsx';

/** The reply whose text segments' code blocks can run: null while it streams or where it cannot. */
export type RunnableReply = { messageId: string; conversationId: string } | null;

type SegmentProps = {
  segment: Segment;
  growing: boolean;
  streaming: boolean;
  onApprove?: ApprovalHandler;
  runnable: RunnableReply;
};

/** Segments are rebuilt per update; one whose content is unchanged does not render again. */
function sameSegment(a: SegmentProps, b: SegmentProps): boolean {
  if (
    a.growing !== b.growing ||
    a.streaming !== b.streaming ||
    a.onApprove !== b.onApprove ||
    a.runnable !== b.runnable
  )
    return false;
  const x = a.segment;
  const y = b.segment;
  if (x.kind !== y.kind) return false;
  switch (x.kind) {
    case 'text':
    case 'think':
      return x.text === (y as typeof x).text && x.part === (y as typeof x).part;
    case 'tool':
      return x.call === (y as typeof x).call;
    case 'agent':
      return x.agentId === (y as typeof x).agentId;
    case 'image':
      return x.image.src === (y as typeof x).image.src;
  }
}

/** One segment; `growing` marks the one a streaming reply is still adding to. */
const SegmentView = memo(function SegmentView({
  segment,
  growing,
  streaming,
  onApprove,
  runnable,
}: SegmentProps) {
  switch (segment.kind) {
    case 'text':
      return (
        <div data-testid="message-part-text">
          <CodeRunScope
            messageId={runnable?.messageId ?? ''}
            conversationId={runnable?.conversationId ?? null}
            partIndex={segment.part}
          >
            <Markdown text={segment.text} streaming={growing} />
          </CodeRunScope>
        </div>
      );
    case 'think':
      return <Thinking text={segment.text} streaming={growing} answering={!growing} />;
    case 'tool':
      // A call the run waits on asks for approval until the progress says it went on.
      return segment.call.approval === 'pending' && (segment.call.progress ?? 0) < 1 ? (
        <ToolApproval call={segment.call} onAnswer={onApprove} />
      ) : (
        <ToolCallBlock call={segment.call} isSubmitting={streaming} />
      );
    case 'agent':
      return <AgentHeader agentId={segment.agentId} />;
    case 'image':
      return <ImageGrid images={[segment.image]} />;
  }
}, sameSegment);

/**
 * A reply with tool calls, images or a chain's agents, part by part in the order they came (doc 2
 * §3.8): text through Markdown, thoughts through Thinking, tool calls as blocks (or approval cards
 * while the run waits on them), agents as headers, images in a grid. Only the last segment can
 * still be growing while the reply streams.
 */
export function MessageContent({
  message,
  streaming,
  onApprove,
  runnable = null,
}: {
  message: Message;
  streaming: boolean;
  /** Answers a tool approval of this reply; absent where the user cannot answer (read-only). */
  onApprove?: ApprovalHandler;
  /** Its code blocks can run (a finished reply where the user may run code). */
  runnable?: RunnableReply;
}) {
  const segments = useMemo(() => contentSegments(message), [message]);
  const last = segments.length - 1;
  return (
    <div data-testid="message-text" className="flex flex-col">
      {segments.map((segment, i) => (
        <SegmentView
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are only appended (and imported ids may repeat)
          key={i}
          segment={segment}
          growing={streaming && i === last}
          streaming={streaming}
          onApprove={onApprove}
          runnable={runnable}
        />
      ))}
    </div>
  );
}

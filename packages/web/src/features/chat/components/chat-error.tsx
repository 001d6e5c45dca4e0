import {
  ChatErrorTypes,
  type ChatError as ChatErrorValue,
  CONNECTION_ERROR_NOTICE_MS,
  formatChatError,
  isConnectionError,
} from '@parley/schema';
import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { StreamingDots } from './streaming-dots.tsx';
import { ViewBalance } from './view-balance.tsx';

/**
 * When each connection-error reply was first shown, so a row that the virtualized list unmounts
 * and mounts again does not start its wait over.
 */
const firstShown = new Map<string, number>();

function remainingWait(messageId: string): number {
  const now = Date.now();
  const since = firstShown.get(messageId) ?? now;
  firstShown.set(messageId, since);
  return Math.max(0, since + CONNECTION_ERROR_NOTICE_MS - now);
}

/**
 * An error reply, in the spec's words (doc 2 §8.3). A lost connection is often regained (the
 * stream resumes or the page is refreshed), so its notice waits 5.5 s behind the generating
 * indicator before it speaks (doc 2 §4.13).
 */
export function ChatError({ messageId, error }: { messageId: string; error: ChatErrorValue }) {
  const connection = isConnectionError(error);
  const [waiting, setWaiting] = useState(() => connection && remainingWait(messageId) > 0);
  useEffect(() => {
    if (!connection) return;
    const wait = remainingWait(messageId);
    if (wait === 0) return setWaiting(false);
    const timer = setTimeout(() => setWaiting(false), wait);
    return () => clearTimeout(timer);
  }, [connection, messageId]);
  if (waiting) return <StreamingDots />;
  return (
    <div
      data-testid="message-text"
      data-error="true"
      className="flex items-start gap-2.5 rounded-2xl border border-red-500/30 bg-red-500/10 px-4 py-3 text-[0.95em] text-red-800 dark:text-red-200"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 whitespace-pre-wrap break-words">
        {formatChatError(error)}
        {(error.type ?? error.code) === ChatErrorTypes.TOKEN_BALANCE ? <ViewBalance /> : null}
      </span>
    </div>
  );
}

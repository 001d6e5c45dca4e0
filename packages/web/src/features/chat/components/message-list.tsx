import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { usePreferences } from '../../../store/preferences.ts';
import { useChatColumnClass } from '../chat-column.ts';
import { type TreeStore, useTreeBranch } from '../store/message-tree.ts';
import { MessageRow } from './message-row.tsx';

/** A first guess of a message's height; real heights are measured as rows render. */
const ESTIMATED_ROW_PX = 160;
const OVERSCAN_ROWS = 6;

export type MessageListProps = {
  store: TreeStore;
  /** The chat's scroll container. */
  scrollRef: RefObject<HTMLElement | null>;
  streamingId: string | null;
  busy: boolean;
  /** Absent on read-only views (a shared link): no regenerate button. */
  onRegenerate?: (messageId: string) => void;
  /** "Save & Submit" of an edited user message; absent on read-only views. */
  onEditSubmit?: (messageId: string, text: string) => boolean;
  /** Continue a cut-off reply; absent on read-only views. */
  onContinue?: (messageId: string) => void;
  /** Approve or deny a tool call an agent run waits on; absent on read-only views. */
  onApprove?: (messageId: string, toolCallId: string, approved: boolean) => boolean;
  /** A message to scroll to and flash once (opened from a search hit). */
  highlightId?: string | null;
  /** Replies' code blocks can run (RUN_CODE USE and an engine); absent on read-only views. */
  codeRun?: boolean;
};

/** How long an opened search hit stays highlighted. */
const HIGHLIGHT_MS = 2500;

/**
 * The visible branch, virtualized (DESIGN §7): only the rows near the viewport are in the DOM,
 * so a thousand-message conversation costs what a short one does. Rows are measured as they
 * render; the streaming row re-measures as it grows. Loaded lazily: the landing view does not
 * need the markdown stack.
 */
export default function MessageList({
  store,
  scrollRef,
  streamingId,
  busy,
  onRegenerate,
  onEditSubmit,
  onContinue,
  onApprove,
  highlightId,
  codeRun,
}: MessageListProps) {
  const branch = useTreeBranch(store);
  const fontSize = usePreferences((s) => s.fontSize);
  const direction = usePreferences((s) => s.chatDirection);
  const column = useChatColumnClass();
  const listRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: branch.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => branch[index],
    overscan: OVERSCAN_ROWS,
    scrollMargin: listRef.current?.offsetTop ?? 0,
  });
  const highlightIndex = highlightId ? branch.indexOf(highlightId) : -1;
  const [flashId, setFlashId] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per highlighted message
  useEffect(() => {
    if (highlightIndex < 0 || !highlightId) return;
    setFlashId(highlightId);
    // After the first layout; again once rows near it are measured.
    const first = requestAnimationFrame(() => virtualizer.scrollToIndex(highlightIndex, { align: 'center' }));
    const again = setTimeout(() => virtualizer.scrollToIndex(highlightIndex, { align: 'center' }), 150);
    const clear = setTimeout(() => setFlashId(null), HIGHLIGHT_MS);
    return () => {
      cancelAnimationFrame(first);
      clearTimeout(again);
      clearTimeout(clear);
    };
  }, [highlightId, highlightIndex >= 0]);
  const items = virtualizer.getVirtualItems();
  const offset = items.length > 0 ? items[0].start - virtualizer.options.scrollMargin : 0;
  const last = branch.length - 1;
  return (
    <div
      className={`mx-auto w-full ${column} px-4 pb-6 pt-2 sm:px-6 ${fontSize}`}
      dir={direction === 'RTL' ? 'rtl' : 'ltr'}
      data-testid="message-list"
    >
      <div ref={listRef} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        <div className="absolute left-0 top-0 w-full" style={{ transform: `translateY(${offset}px)` }}>
          {items.map((item) => (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              data-highlighted={branch[item.index] === flashId ? 'true' : undefined}
              className={
                branch[item.index] === flashId
                  ? 'rounded-2xl bg-amber-100/60 ring-2 ring-amber-300/70 transition-colors dark:bg-amber-400/10 dark:ring-amber-400/40'
                  : 'rounded-2xl transition-colors duration-700'
              }
            >
              <MessageRow
                store={store}
                id={branch[item.index]}
                isLast={item.index === last}
                streamingId={streamingId}
                busy={busy}
                onRegenerate={onRegenerate}
                onEditSubmit={onEditSubmit}
                onContinue={onContinue}
                onApprove={onApprove}
                codeRun={codeRun}
              />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

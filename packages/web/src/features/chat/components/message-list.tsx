import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useRef } from 'react';
import { usePreferences } from '../../../store/preferences.ts';
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
};

/**
 * The visible branch, virtualized (DESIGN §7): only the rows near the viewport are in the DOM,
 * so a thousand-message conversation costs what a short one does. Rows are measured as they
 * render; the streaming row re-measures as it grows. Loaded lazily: the landing view does not
 * need the markdown stack.
 */
export default function MessageList({ store, scrollRef, streamingId, busy, onRegenerate }: MessageListProps) {
  const branch = useTreeBranch(store);
  const fontSize = usePreferences((s) => s.fontSize);
  const direction = usePreferences((s) => s.chatDirection);
  const listRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: branch.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => branch[index],
    overscan: OVERSCAN_ROWS,
    scrollMargin: listRef.current?.offsetTop ?? 0,
  });
  const items = virtualizer.getVirtualItems();
  const offset = items.length > 0 ? items[0].start - virtualizer.options.scrollMargin : 0;
  const last = branch.length - 1;
  return (
    <div
      className={`mx-auto w-full max-w-3xl px-4 pb-6 pt-2 sm:px-6 ${fontSize}`}
      dir={direction === 'RTL' ? 'rtl' : 'ltr'}
      data-testid="message-list"
    >
      <div ref={listRef} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        <div className="absolute left-0 top-0 w-full" style={{ transform: `translateY(${offset}px)` }}>
          {items.map((item) => (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
              <MessageRow
                store={store}
                id={branch[item.index]}
                isLast={item.index === last}
                streamingId={streamingId}
                busy={busy}
                onRegenerate={onRegenerate}
              />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

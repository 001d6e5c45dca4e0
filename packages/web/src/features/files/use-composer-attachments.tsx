import type { ToolResource } from '@parley/schema';
import { type DragEvent, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ComposerAttachments } from '../../lib/composer-attachments.ts';
import { AttachButton } from './components/attach-button.tsx';
import { FileChips } from './components/file-chips.tsx';
import { attachExisting, type ComposerTarget, useAttachments } from './store/attachments.ts';
import { endpointCapabilities, uploadChoices } from './upload-choices.ts';
import { useComposerFiles } from './use-composer-files.ts';

// The overlay and its type choice load on the first drag, off /chat/new's critical path.
const DropOverlay = lazy(() => import('./components/drop-overlay.tsx'));

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * The files feature's part of the composer (doc 3 Composer): attach button, chips, and the
 * drag-and-drop 'Add anything' overlay with the upload type choice.
 */
export function useComposerAttachments(target: ComposerTarget & { disabled?: boolean }): ComposerAttachments {
  const files = useComposerFiles(target);
  const { attach, remove, restore, fileIds, busy } = files;
  const capabilities = useMemo(() => endpointCapabilities(target.endpoint), [target.endpoint]);
  const [dragging, setDragging] = useState(false);
  const [dropped, setDropped] = useState<File[] | null>(null);
  const depth = useRef(0);
  const { key, endpoint, endpointType, conversationId } = target;

  // The /d/files manager attaches to the composer last shown; files it handed over land here.
  useEffect(() => {
    useAttachments.setState({ lastTarget: { key, endpoint, endpointType, conversationId } });
    const { handoff } = useAttachments.getState();
    if (handoff && handoff.conversationId === conversationId) {
      useAttachments.setState({ handoff: null });
      attachExisting(key, handoff.files);
    }
  }, [key, endpoint, endpointType, conversationId]);

  const onDropped = useCallback(
    (list: File[]) => {
      // The browser's types decide the offer; validation (on use) infers the missing ones.
      const choices = uploadChoices(
        list.map((f) => f.type),
        capabilities,
      );
      // One possible use needs no question.
      if (choices.length === 1) attach(list, choices[0]);
      else setDropped(list);
    },
    [attach, capabilities],
  );

  const dropZone = useMemo<ComposerAttachments['dropZone']>(
    () => ({
      onDragEnter: (event) => {
        if (!hasFiles(event) || target.disabled) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      },
      onDragOver: (event) => {
        if (!hasFiles(event) || target.disabled) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave: (event) => {
        if (!hasFiles(event)) return;
        // Leaving a child fires too: only the last leave ends the drag.
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      },
      onDrop: (event) => {
        if (!hasFiles(event) || target.disabled) return;
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        const list = Array.from(event.dataTransfer.files ?? []);
        if (list.length > 0) onDropped(list);
      },
    }),
    [onDropped, target.disabled],
  );

  const choose = useCallback(
    (toolResource: ToolResource | null) => {
      if (dropped && toolResource) attach(dropped, toolResource);
      setDropped(null);
    },
    [attach, dropped],
  );

  const overlay =
    dragging || dropped ? (
      <Suspense fallback={null}>
        <DropOverlay
          dragging={dragging}
          choices={
            dropped
              ? uploadChoices(
                  dropped.map((f) => f.type),
                  capabilities,
                )
              : null
          }
          onChoose={choose}
        />
      </Suspense>
    ) : null;

  return {
    button: (
      <AttachButton
        choices={uploadChoices(['image/*'], capabilities)}
        onFiles={attach}
        disabled={target.disabled}
      />
    ),
    area: <FileChips files={files.files} onRemove={remove} />,
    overlay,
    busy,
    fileIds,
    files: () => files.toMessageFiles(),
    clear: files.clear,
    restore,
    dropZone,
  };
}

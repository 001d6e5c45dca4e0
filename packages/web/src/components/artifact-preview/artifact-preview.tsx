import { useEffect, useRef, useState } from 'react';
import '../../i18n/en-artifact-preview.ts';
import { t } from '../../i18n/t.ts';
import { buildDocument, isReactType, warmReactDocument } from './build-document.ts';
import { vendorPath } from './frame-doc.ts';

/** A user-timing mark when a preview has painted in its frame (e2e and benchmarks read it). */
export const PAINTED_MARK = 'parley:artifact-painted';

type FrameMessage = {
  source: 'parley-artifact';
  kind: 'ready' | 'rendered' | 'idle' | 'error';
  message?: string;
};

/** The frame on screen: what it was made for, and how far it got. */
type FrameState = {
  version: number;
  type: string;
  reloadKey: number;
  /** The document to write when the frame is ready (null while it is still being built). */
  html: string | null;
  /** The frame said "ready"; `written`: it was sent its document. */
  ready: boolean;
  written: boolean;
  /** A React frame: later versions are posted to it as modules instead of a new frame. */
  reusable: boolean;
  /** A React frame made before its artifact was complete: its first module is posted like an edit. */
  warm: boolean;
  /** The frame's React runtime has rendered (or failed) once: it listens for new modules. */
  live: boolean;
  pendingModule: string | null;
};

const host = (payload: Record<string, string>) => ({ source: 'parley-artifact-host', ...payload });

/**
 * The artifact preview (issue 17 point 5): a frame sandboxed without same-origin (an opaque origin:
 * no cookies, no storage, no access to the app) whose document Parley serves with a CSP that
 * forbids all network (artifactFrameCsp). The frame loads /vendor/<hash>/frame.html, says "ready",
 * and is sent the artifact's document, which it writes over itself. React artifacts are compiled
 * here with sucrase and resolve react, lucide-react, recharts and the shadcn-style components through
 * the frame's import map, from files Parley serves: nothing comes from the internet.
 * A new version of a React artifact (an edit, or another React artifact) is rendered in the same
 * frame, its libraries already loaded; any other change, and every reloadKey change, makes a fresh
 * frame. `content` null means "nothing to show yet": a React artifact still being written gets a
 * warm frame that loads the runtime meanwhile (issue 17 point 6: first paint ≤ 2 s after the
 * block completes); anything already shown stays.
 */
export default function ArtifactPreview({
  type,
  content,
  reloadKey,
}: {
  type: string;
  content: string | null;
  reloadKey: number;
}) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const state = useRef<FrameState | null>(null);
  const counter = useRef(0);
  const [frame, setFrame] = useState<{ version: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const vendorUrl = `${window.location.origin}${vendorPath()}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: newFrame only touches refs and state setters
  useEffect(() => {
    let cancelled = false;
    const cur = state.current;
    const reuse = cur?.reusable && cur.type === type && cur.reloadKey === reloadKey;
    if (content === null) {
      if (reuse || !isReactType(type)) return;
      const warm = newFrame(type, reloadKey);
      warm.html = warmReactDocument(window.location.origin, vendorUrl);
      warm.reusable = true;
      warm.warm = true;
      return;
    }
    // A new frame starts loading its runtime page while the artifact is still being compiled.
    const target = reuse && cur ? cur : newFrame(type, reloadKey);
    buildDocument(type, content, window.location.origin, vendorUrl).then((doc) => {
      if (cancelled || state.current !== target) return;
      setError(doc.error);
      if (!target.written && !target.warm) {
        target.html = doc.html;
        target.reusable = doc.module !== undefined;
        if (target.ready) writeDocument(target);
        return;
      }
      // An edit, or the first version for a warm frame: same frame, new module (a syntax error
      // keeps the last render).
      if (doc.error) return;
      if (doc.module) {
        if (target.live) frameRef.current?.contentWindow?.postMessage(host({ module: doc.module }), '*');
        else target.pendingModule = doc.module;
      }
    });
    return () => {
      cancelled = true;
    };
  }, [type, content, reloadKey, vendorUrl]);

  function newFrame(frameType: string, frameReloadKey: number): FrameState {
    counter.current += 1;
    const next: FrameState = {
      version: counter.current,
      type: frameType,
      reloadKey: frameReloadKey,
      html: null,
      ready: false,
      written: false,
      reusable: false,
      warm: false,
      live: false,
      pendingModule: null,
    };
    state.current = next;
    setFrame({ version: next.version });
    return next;
  }

  function writeDocument(target: FrameState): void {
    frameRef.current?.contentWindow?.postMessage(host({ html: target.html ?? '' }), '*');
    target.written = true;
    // A warm frame's document has no artifact: a module that came meanwhile is still to be sent.
    if (!target.warm) target.pendingModule = null;
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: writeDocument only touches refs
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const win = frameRef.current?.contentWindow;
      const cur = state.current;
      if (!win || !cur || event.source !== win) return;
      const data = event.data as FrameMessage | null;
      if (data?.source !== 'parley-artifact') return;
      if (data.kind === 'ready') {
        cur.ready = true;
        if (cur.html !== null && !cur.written) writeDocument(cur);
        return;
      }
      if (data.kind === 'rendered') performance.mark(PAINTED_MARK);
      else if (data.kind === 'error') setError(String(data.message ?? ''));
      if (!cur.live) {
        cur.live = true;
        if (cur.pendingModule) win.postMessage(host({ module: cur.pendingModule }), '*');
        cur.pendingModule = null;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <div className="flex h-full w-full flex-col">
      {error ? (
        <div
          role="alert"
          className="border-b border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          <p className="font-medium">{t('com_artifact_preview_error')}</p>
          <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap font-mono text-xs">{error}</pre>
        </div>
      ) : null}
      {frame ? (
        <iframe
          key={frame.version}
          ref={frameRef}
          title={t('com_artifact_preview_title')}
          src={`${vendorUrl}frame.html`}
          sandbox="allow-scripts"
          className="min-h-0 w-full flex-1 border-0 bg-white"
          data-testid="artifact-preview-frame"
        />
      ) : null}
    </div>
  );
}

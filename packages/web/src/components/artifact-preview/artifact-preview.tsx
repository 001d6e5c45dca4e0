import { useEffect, useRef, useState } from 'react';
import '../../i18n/en-artifact-preview.ts';
import { t } from '../../i18n/t.ts';
import { type BuiltDocument, buildDocument } from './build-document.ts';
import { vendorPath } from './frame-doc.ts';

/** A user-timing mark when a preview has painted in its frame (e2e and benchmarks read it). */
export const PAINTED_MARK = 'parley:artifact-painted';

type FrameMessage = { source: 'parley-artifact'; kind: 'ready' | 'rendered' | 'error'; message?: string };

/**
 * The artifact preview (issue 17 point 5): a frame sandboxed without same-origin (an opaque origin:
 * no cookies, no storage, no access to the app) whose document is served by Parley with a CSP that
 * forbids all network (artifactFrameCsp). The frame loads /vendor/<hash>/frame.html, says "ready",
 * and is sent the artifact's document, which it writes over itself. React artifacts are compiled
 * here with sucrase and resolve react, lucide-react, recharts and the shadcn-style components through
 * the frame's import map, from files Parley serves: nothing comes from the internet.
 * A new frame is made for every change of content, type or reloadKey.
 */
export default function ArtifactPreview({
  type,
  content,
  reloadKey,
}: {
  type: string;
  content: string;
  reloadKey: number;
}) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [built, setBuilt] = useState<(BuiltDocument & { version: number }) | null>(null);
  const [runtimeError, setRuntimeError] = useState<string | null>(null);
  const versionRef = useRef(0);
  const readyRef = useRef<{ version: number; ready: boolean }>({ version: -1, ready: false });
  const vendorUrl = `${window.location.origin}${vendorPath()}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey forces a fresh frame on purpose
  useEffect(() => {
    let cancelled = false;
    versionRef.current += 1;
    const version = versionRef.current;
    setRuntimeError(null);
    buildDocument(type, content, window.location.origin, vendorUrl).then((doc) => {
      if (!cancelled) setBuilt({ ...doc, version });
    });
    return () => {
      cancelled = true;
    };
  }, [type, content, reloadKey, vendorUrl]);

  useEffect(() => {
    if (!built) return;
    const send = () => {
      frameRef.current?.contentWindow?.postMessage({ source: 'parley-artifact-host', html: built.html }, '*');
    };
    const onMessage = (event: MessageEvent) => {
      const frame = frameRef.current;
      if (!frame || event.source !== frame.contentWindow) return;
      const data = event.data as FrameMessage | null;
      if (data?.source !== 'parley-artifact') return;
      if (data.kind === 'ready') {
        readyRef.current = { version: built.version, ready: true };
        send();
      } else if (data.kind === 'rendered') {
        performance.mark(PAINTED_MARK);
      } else if (data.kind === 'error') {
        setRuntimeError(String(data.message ?? ''));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [built]);

  const error = built?.error ?? runtimeError;
  return (
    <div className="flex h-full w-full flex-col">
      {error ? (
        <div role="alert" className="border-b border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          <p className="font-medium">{t('com_artifact_preview_error')}</p>
          <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap font-mono text-xs">{error}</pre>
        </div>
      ) : null}
      {built ? (
        <iframe
          key={built.version}
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

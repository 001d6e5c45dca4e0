// Test page for e2e/artifact-preview.spec.ts: mounts the real ArtifactPreview (bundled by the spec
// with esbuild) so the renderer can be driven before the artifacts panel exists. Not part of the app.
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import ArtifactPreview, {
  PAINTED_MARK,
} from '../../packages/web/src/components/artifact-preview/artifact-preview.tsx';

type Props = { type: string; content: string; reloadKey: number };
let setProps: (p: Props) => void = () => {};

function Harness() {
  const [props, set] = useState<Props | null>(null);
  setProps = set;
  return <div style={{ height: '600px' }}>{props ? <ArtifactPreview {...props} /> : null}</div>;
}

declare global {
  interface Window {
    /** Show an artifact; resolves with the ms from mount to its first paint in the frame. */
    showArtifact: (p: Props) => Promise<number>;
  }
}

window.showArtifact = (p) =>
  new Promise((resolve) => {
    const before = performance.getEntriesByName(PAINTED_MARK).length;
    const started = performance.now();
    const poll = () => {
      const marks = performance.getEntriesByName(PAINTED_MARK);
      if (marks.length > before) resolve(marks[marks.length - 1].startTime - started);
      else setTimeout(poll, 5);
    };
    flushSync(() => setProps(p));
    poll();
  });

createRoot(document.getElementById('root')!).render(<Harness />);

/**
 * PLACEHOLDER — replaced by the real offline renderer (HTML, SVG, Mermaid, Markdown, React in a
 * sandboxed iframe; issue 17 point 5), built in another branch. Keep the props exactly as they are:
 * the artifacts panel lazy-imports this default export.
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
  if (type === 'text/html' || type === 'image/svg+xml') {
    return (
      <iframe
        key={reloadKey}
        title="Artifact preview"
        sandbox="allow-scripts"
        srcDoc={content}
        className="h-full w-full border-0 bg-white"
      />
    );
  }
  return (
    <pre key={reloadKey} className="h-full overflow-auto whitespace-pre-wrap p-3 font-mono text-sm">
      {content}
    </pre>
  );
}

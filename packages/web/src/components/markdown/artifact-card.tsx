import type { ArtifactBlock } from '@parley/schema';
import { Code2 } from 'lucide-react';
import { useContext, useEffect } from 'react';
import '../../i18n/en-artifacts.ts';
import { t } from '../../i18n/t.ts';
import { useArtifactsUi } from '../../store/artifacts.ts';
import { Spinner } from '../ui/spinner.tsx';
import { ArtifactMessageContext, ArtifactStreamingContext } from './artifact-context.ts';

const TYPE_LABELS: Record<string, string> = {
  'text/html': 'HTML',
  'application/vnd.code-html': 'HTML',
  'image/svg+xml': 'SVG',
  'application/vnd.mermaid': 'Mermaid',
  'text/markdown': 'Markdown',
  'application/vnd.react': 'React',
};

/**
 * An artifact block in a reply: a compact card that opens the artifacts panel, never the raw code
 * (doc 3 §2). In a streaming reply the panel opens by itself to follow the artifact.
 */
export function ArtifactCard({
  block,
  ordinal,
  streaming,
}: {
  block: ArtifactBlock;
  /** Place among the artifact cards of this text. */
  ordinal: number;
  streaming: boolean;
}) {
  const messageId = useContext(ArtifactMessageContext);
  const open = useArtifactsUi((s) => s.open);
  const writing = streaming && !block.complete;
  const replyStreaming = useContext(ArtifactStreamingContext);
  // A card appearing in a streaming reply opens the panel on the latest artifact (once: the user
  // may close it while the reply goes on).
  useEffect(() => {
    if (replyStreaming && messageId) useArtifactsUi.getState().open(null);
  }, [replyStreaming, messageId]);
  return (
    <button
      type="button"
      data-testid="artifact-card"
      data-state={writing ? 'writing' : 'ready'}
      disabled={!messageId}
      onClick={() => messageId && open({ messageId, identifier: block.identifier, ordinal })}
      className="my-2 flex w-full max-w-md items-center gap-3 rounded-xl border border-border bg-background px-3 py-2.5 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        {writing ? <Spinner className="size-4" /> : <Code2 className="size-4" />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">
          {block.title || block.identifier || 'Artifact'}
        </span>
        <span className="block truncate text-xs text-muted-foreground">
          {writing
            ? t('com_artifacts_generating')
            : `${TYPE_LABELS[block.type] ?? block.type} · ${t('com_artifacts_open')}`}
        </span>
      </span>
    </button>
  );
}

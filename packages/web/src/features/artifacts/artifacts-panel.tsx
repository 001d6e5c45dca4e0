import { ARTIFACT_UPDATE_THROTTLE_MS, type Message } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { Check, ChevronLeft, ChevronRight, Copy, Download, RotateCw, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { type ArtifactEdit, saveArtifactEdit } from '../../api/artifacts.ts';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import '../../i18n/en-artifacts.ts';
import { t } from '../../i18n/t.ts';
import { downloadBlob } from '../../lib/download-blob.ts';
import { useCopy } from '../../lib/use-copy.ts';
import { useArtifactsUi } from '../../store/artifacts.ts';
import { type Artifact, downloadName, downloadType, extractArtifacts } from './artifacts.ts';
import { ArtifactCodeEditor, editorLanguage } from './code-editor.tsx';
import { initialPanelState, panelReducer } from './panel-state.ts';
import { useArtifactDraft } from './use-artifact-draft.ts';

// The renderer of the preview tab: its own chunk, loaded when a preview is shown.
const ArtifactPreview = lazy(() => import('../../components/artifact-preview/artifact-preview.tsx'));

/** Where the panel reads the visible branch (app/ composes it over the chat's message tree). */
export type ArtifactsSource = {
  subscribe: (onChange: () => void) => () => void;
  read: () => { messages: readonly Message[]; streaming: ReadonlySet<string> };
};

/** The branch's artifacts; `known` keeps the ones seen before (their times and objects). */
function readArtifacts(source: ArtifactsSource, known: { current: Map<string, Artifact> }) {
  const { messages, streaming } = source.read();
  const artifacts = extractArtifacts(messages, known.current, Date.now());
  known.current = new Map(artifacts.map((a) => [a.id, a]));
  return { artifacts, streaming };
}

/** The branch's artifacts, re-read at most every 25 ms while the tree changes (doc 2 §9). */
function useBranchArtifacts(source: ArtifactsSource) {
  const known = useRef(new Map<string, Artifact>());
  const [state, setState] = useState(() => readArtifacts(source, known));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => setState(readArtifacts(source, known));
    const unsubscribe = source.subscribe(() => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        update();
      }, ARTIFACT_UPDATE_THROTTLE_MS);
    });
    update();
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [source]);
  return state;
}

function download(a: Artifact, code: string) {
  downloadBlob(new Blob([code], { type: downloadType(a.type) }), downloadName(a));
}

const tabClass =
  'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-selected:bg-background aria-selected:text-foreground aria-selected:shadow-sm';

/**
 * The artifacts panel (doc 3 §2): preview and code tabs, refresh, close, n / total cycling by
 * lastUpdateTime, copy and download; the code can be edited and is saved into its reply
 * (doc 3 §5). Beside the chat on wide screens, over it on narrow ones.
 */
export default function ArtifactsPanel({ source }: { source: ArtifactsSource }) {
  const { artifacts, streaming } = useBranchArtifacts(source);
  const [state, dispatch] = useReducer(panelReducer, initialPanelState);
  const close = useArtifactsUi((s) => s.close);
  const target = useArtifactsUi((s) => s.target);
  const openCount = useArtifactsUi((s) => s.openCount);
  const [reloadKey, setReloadKey] = useState(0);
  const { copied, copy } = useCopy();
  const qc = useQueryClient();

  useEffect(() => {
    dispatch({ type: 'artifacts', artifacts, streaming });
  }, [artifacts, streaming]);
  // A card clicked (again) selects its artifact; artifacts read once it arrives.
  const latestArtifacts = useRef(artifacts);
  latestArtifacts.current = artifacts;
  // biome-ignore lint/correctness/useExhaustiveDependencies: openCount re-runs it for a repeated click
  useEffect(() => {
    dispatch({ type: 'artifacts', artifacts: latestArtifacts.current, streaming });
    dispatch({ type: 'target', target, artifacts: latestArtifacts.current });
  }, [target, openCount]);

  const current = artifacts.find((a) => a.id === state.currentId) ?? artifacts.at(-1) ?? null;
  const position = current ? artifacts.indexOf(current) : -1;
  const readOnly = current ? !current.complete || streaming.has(current.messageId) : true;
  const save = useCallback((edit: ArtifactEdit) => saveArtifactEdit(qc, edit), [qc]);
  const draft = useArtifactDraft(current, readOnly, save);

  return (
    <aside
      data-testid="artifacts-panel"
      aria-label={t('com_artifacts_panel')}
      className="flex min-h-0 min-w-0 flex-col border-border bg-background max-md:fixed max-md:inset-0 max-md:z-40 md:w-[45%] md:shrink-0 md:border-l"
    >
      <header className="flex items-center gap-1 border-b border-border px-2 py-1.5">
        <div role="tablist" className="flex shrink-0 gap-0.5 rounded-lg bg-muted p-0.5">
          {(['preview', 'code'] as const).map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={state.tab === tab}
              data-testid={`artifact-tab-${tab}`}
              className={tabClass}
              onClick={() => dispatch({ type: 'tab', tab })}
            >
              {t(tab === 'preview' ? 'com_artifacts_preview' : 'com_artifacts_code')}
            </button>
          ))}
        </div>
        <h2 className="min-w-0 flex-1 truncate px-2 text-sm font-medium" data-testid="artifact-title">
          {current ? current.title || current.identifier : t('com_artifacts_panel')}
        </h2>
        {draft.status === 'saving' ? <Spinner className="size-4" label={t('com_artifacts_saving')} /> : null}
        {draft.status === 'error' ? (
          <span className="text-xs text-destructive" role="alert">
            {t('com_artifacts_save_failed')}
          </span>
        ) : null}
        <IconButton
          size="icon-sm"
          label={t('com_artifacts_refresh')}
          onClick={() => setReloadKey((k) => k + 1)}
          disabled={!current}
          data-testid="artifact-refresh"
        >
          <RotateCw className="size-4" />
        </IconButton>
        <IconButton
          size="icon-sm"
          label={t('com_artifacts_close')}
          onClick={close}
          data-testid="artifact-close"
        >
          <X className="size-4" />
        </IconButton>
      </header>
      <div className="relative min-h-0 flex-1 overflow-hidden">
        {current ? (
          // The preview stays mounted under the code tab, hidden: its frame (and a React artifact's
          // runtime, warmed while the code streams) is ready when the preview is shown. It only
          // takes the code while shown, so typing in the editor does not rebuild it per key.
          <div
            className={state.tab === 'preview' ? 'h-full' : 'pointer-events-none invisible absolute inset-0'}
            aria-hidden={state.tab !== 'preview'}
            data-testid="artifact-preview"
          >
            <Suspense
              fallback={
                <div className="flex h-full items-center justify-center">
                  <Spinner label={t('com_artifacts_loading')} />
                </div>
              }
            >
              <ArtifactPreview
                type={current.type}
                content={state.tab === 'preview' ? draft.text : null}
                reloadKey={reloadKey}
              />
            </Suspense>
          </div>
        ) : null}
        {current && state.tab === 'code' ? (
          <ArtifactCodeEditor
            value={draft.text}
            lang={editorLanguage(current.type, current.language)}
            readOnly={readOnly}
            label={t('com_artifacts_editor')}
            onChange={draft.change}
          />
        ) : null}
      </div>
      <footer className="flex items-center gap-1 border-t border-border px-2 py-1.5">
        <IconButton
          size="icon-sm"
          label={t('com_artifacts_previous')}
          disabled={position <= 0}
          onClick={() => dispatch({ type: 'cycle', step: -1 })}
          data-testid="artifact-previous"
        >
          <ChevronLeft className="size-4" />
        </IconButton>
        <span className="text-sm tabular-nums text-muted-foreground" data-testid="artifact-position">
          {artifacts.length > 0 ? `${position + 1} / ${artifacts.length}` : '0 / 0'}
        </span>
        <IconButton
          size="icon-sm"
          label={t('com_artifacts_next')}
          disabled={position < 0 || position >= artifacts.length - 1}
          onClick={() => dispatch({ type: 'cycle', step: 1 })}
          data-testid="artifact-next"
        >
          <ChevronRight className="size-4" />
        </IconButton>
        <span className="flex-1" />
        <IconButton
          size="icon-sm"
          label={copied ? t('com_artifacts_copied') : t('com_artifacts_copy')}
          disabled={!current}
          onClick={() => copy(draft.text)}
          data-testid="artifact-copy"
        >
          {copied ? <Check className="size-4" /> : <Copy className="size-4" />}
        </IconButton>
        <IconButton
          size="icon-sm"
          label={t('com_artifacts_download')}
          disabled={!current}
          onClick={() => current && download(current, draft.text)}
          data-testid="artifact-download"
        >
          <Download className="size-4" />
        </IconButton>
      </footer>
    </aside>
  );
}

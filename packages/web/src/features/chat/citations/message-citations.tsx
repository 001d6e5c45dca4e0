import type { FileCitation } from '@parley/schema';
import { createContext, lazy, type ReactNode, Suspense, useContext, useMemo, useState } from 'react';
import { CitationsContext, type CitationsValue } from '../../../components/markdown/citations-context.ts';
import { t } from '../../../i18n/t.ts';

const CitationDialog = lazy(() => import('./citation-dialog.tsx'));

/** The open citation of one reply, for its marks and sources list. */
const OpenCitation = createContext<{ citations: FileCitation[]; open: (n: number) => void } | null>(null);

const label = (c: FileCitation) =>
  c.page !== null ? `${c.filename}, ${t('com_ui_citation_page', { page: c.page })}` : c.filename;

/** A citation in the reply's text: its number, which opens the passage. */
function CitationMark({ n }: { n: number }) {
  const ctx = useContext(OpenCitation);
  const citation = ctx?.citations[n - 1];
  if (!ctx || !citation) return <>[{n}]</>;
  return (
    <button
      type="button"
      data-testid="citation-mark"
      onClick={() => ctx.open(n)}
      title={label(citation)}
      aria-label={t('com_ui_citation_open', { n, source: label(citation) })}
      className="mx-0.5 inline-flex h-4 min-w-4 -translate-y-1 items-center justify-center rounded bg-accent px-1 align-baseline text-[0.65rem] font-semibold leading-none text-accent-foreground hover:bg-primary hover:text-primary-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {n}
    </button>
  );
}

/**
 * A reply that used file search: its [n] marks become buttons, a numbered sources list follows
 * the text, and either opens the passage (with the file to open at it) in a dialog.
 */
export function MessageCitations({
  citations,
  children,
}: {
  citations: FileCitation[];
  children: ReactNode;
}) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  const value = useMemo<CitationsValue>(() => ({ count: citations.length, Mark: CitationMark }), [citations]);
  const opener = useMemo(() => ({ citations, open: setOpenAt }), [citations]);
  const current = openAt !== null ? citations[openAt - 1] : undefined;
  return (
    <OpenCitation.Provider value={opener}>
      <CitationsContext.Provider value={value}>{children}</CitationsContext.Provider>
      <ol
        data-testid="citation-sources"
        aria-label={t('com_ui_sources')}
        className="mt-2 flex flex-wrap gap-1.5"
      >
        {citations.map((c, i) => (
          <li key={`${c.file_id}-${c.offset}`}>
            <button
              type="button"
              onClick={() => setOpenAt(i + 1)}
              className="inline-flex max-w-64 items-center gap-1.5 rounded-lg border border-border px-2 py-1 text-xs text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="font-semibold text-foreground">{i + 1}</span>
              <span className="truncate">{label(c)}</span>
            </button>
          </li>
        ))}
      </ol>
      {current ? (
        <Suspense fallback={null}>
          <CitationDialog
            n={openAt!}
            citation={current}
            title={label(current)}
            onClose={() => setOpenAt(null)}
          />
        </Suspense>
      ) : null}
    </OpenCitation.Provider>
  );
}

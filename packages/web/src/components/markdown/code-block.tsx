import { runCodeLang } from '@parley/schema';
import { Check, Copy } from 'lucide-react';
import { type CSSProperties, memo, useContext, useEffect, useMemo, useState } from 'react';
import { t } from '../../i18n/t.ts';
import { useCopy } from '../../lib/use-copy.ts';
import { type CodeRunBlockProps, CodeRunContext } from './code-run-context.ts';
import { type HighlightedLine, highlight, peekHighlight } from './highlighter.ts';

function useHighlighted(code: string, lang: string, enabled: boolean): HighlightedLine[] | null {
  const [state, setState] = useState<{ key: string; lines: HighlightedLine[] | null }>(() => ({
    key: `${lang}\u0000${code}`,
    lines: enabled ? peekHighlight(code, lang) : null,
  }));
  const key = `${lang}\u0000${code}`;
  useEffect(() => {
    if (!enabled || !lang) return;
    let cancelled = false;
    void highlight(code, lang).then((lines) => {
      if (!cancelled) setState({ key, lines });
    });
    return () => {
      cancelled = true;
    };
  }, [code, lang, enabled, key]);
  return state.key === key ? state.lines : null;
}

/** Highlighted lines rendered per step: a 300-line block at once was a 100+ ms task. */
const LINES_PER_STEP = 60;

/** One step of highlighted lines; memoized so later steps do not re-render earlier ones. */
const LineChunk = memo(function LineChunk({ lines }: { lines: HighlightedLine[] }) {
  return lines.map((line, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional and never reorder
    <span key={i} className="block min-h-[1lh]">
      {line.map((token, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: tokens are positional
        <span key={j} style={token.htmlStyle as CSSProperties | undefined}>
          {token.content}
        </span>
      ))}
    </span>
  ));
});

/**
 * Highlighted lines, one step at first and one more per animation frame, so a long block never
 * blocks a frame; lines not yet highlighted show as plain text meanwhile.
 */
export function HighlightedCode({ code, lines }: { code: string; lines: HighlightedLine[] }) {
  const chunks = useMemo(() => {
    const out: HighlightedLine[][] = [];
    for (let i = 0; i < lines.length; i += LINES_PER_STEP) out.push(lines.slice(i, i + LINES_PER_STEP));
    return out;
  }, [lines]);
  const [shown, setShown] = useState({ chunks, count: 1 });
  const count = shown.chunks === chunks ? shown.count : 1;
  useEffect(() => {
    if (count >= chunks.length) return;
    const frame = requestAnimationFrame(() => setShown({ chunks, count: count + 1 }));
    return () => cancelAnimationFrame(frame);
  }, [chunks, count]);
  const rest =
    count < chunks.length
      ? code
          .split('\n')
          .slice(count * LINES_PER_STEP)
          .join('\n')
      : '';
  return (
    <>
      {chunks.slice(0, count).map((chunk, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: chunks are positional
        <LineChunk key={i} lines={chunk} />
      ))}
      {rest}
    </>
  );
}

/**
 * A fenced code block: language label, copy button (3 s "Copied"), and highlighting once the
 * block is complete. While it streams it is a plain <pre>: re-highlighting per token would cost
 * O(n) per frame. Where the reply's code can run (CodeRunContext), a complete block of a
 * recognised language with code in it (doc 2 §5.8) gets the run button and its result below.
 */
export const CodeBlock = memo(function CodeBlock({
  code,
  lang,
  complete,
  blockIndex,
}: {
  code: string;
  lang: string;
  complete: boolean;
  /** The block's position among its part's code blocks; given where code can run. */
  blockIndex?: number;
}) {
  const { copied, copy } = useCopy();
  const lines = useHighlighted(code, lang, complete);
  const host = useContext(CodeRunContext);
  const run: CodeRunBlockProps | null =
    host && complete && blockIndex !== undefined && code.trim() && runCodeLang(lang)
      ? { target: host, blockIndex, lang, code }
      : null;
  return (
    <div
      className="not-prose my-1 overflow-hidden rounded-xl border border-border bg-code"
      data-testid="code-block"
    >
      <div className="flex h-9 items-center justify-between bg-code-header px-4 text-xs text-muted-foreground">
        <span className="font-mono lowercase">{lang || t('com_ui_code')}</span>
        <span className="flex items-center gap-1">
          {host && run ? <host.Button {...run} /> : null}
          <button
            type="button"
            onClick={() => copy(code)}
            className="-mr-1.5 inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={copied ? t('com_ui_copied') : t('com_ui_copy_code')}
          >
            {copied ? <Check className="size-3.5" /> : <Copy className="size-3.5" />}
            <span>{copied ? t('com_ui_copied') : t('com_ui_copy')}</span>
          </button>
        </span>
      </div>
      <pre className="overflow-x-auto px-4 py-3.5 font-mono text-[0.85em] leading-relaxed">
        <code className={lines ? 'code-tokens' : undefined} data-language={lang || undefined}>
          {lines ? <HighlightedCode code={code} lines={lines} /> : code}
        </code>
      </pre>
      {host && run ? <host.Result {...run} /> : null}
    </div>
  );
});

import { Check, Copy } from 'lucide-react';
import { type CSSProperties, memo, useEffect, useState } from 'react';
import { t } from '../../../i18n/t.ts';
import { useCopy } from '../../../lib/use-copy.ts';
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

/**
 * A fenced code block: language label, copy button (3 s "Copied"), and highlighting once the
 * block is complete. While it streams it is a plain <pre>: re-highlighting per token would cost
 * O(n) per frame.
 */
export const CodeBlock = memo(function CodeBlock({
  code,
  lang,
  complete,
}: {
  code: string;
  lang: string;
  complete: boolean;
}) {
  const { copied, copy } = useCopy();
  const lines = useHighlighted(code, lang, complete);
  return (
    <div
      className="not-prose my-1 overflow-hidden rounded-xl border border-border bg-code"
      data-testid="code-block"
    >
      <div className="flex h-9 items-center justify-between bg-code-header px-4 text-xs text-muted-foreground">
        <span className="font-mono lowercase">{lang || t('com_ui_code')}</span>
        <button
          type="button"
          onClick={() => copy(code)}
          className="-mr-1.5 inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={copied ? t('com_ui_copied') : t('com_ui_copy_code')}
        >
          {copied ? <Check className="size-3.5" /> : <Copy className="size-3.5" />}
          <span>{copied ? t('com_ui_copied') : t('com_ui_copy')}</span>
        </button>
      </div>
      <pre className="overflow-x-auto px-4 py-3.5 font-mono text-[0.85em] leading-relaxed">
        <code className={lines ? 'code-tokens' : undefined} data-language={lang || undefined}>
          {lines
            ? lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional and never reorder
                <span key={i} className="block min-h-[1lh]">
                  {line.map((token, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: tokens are positional
                    <span key={j} style={token.htmlStyle as CSSProperties | undefined}>
                      {token.content}
                    </span>
                  ))}
                </span>
              ))
            : code}
        </code>
      </pre>
    </div>
  );
});

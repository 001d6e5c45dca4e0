import { type CSSProperties, memo, useEffect, useRef, useState } from 'react';
import { type HighlightedLine, highlight, peekHighlight } from '../../components/markdown/highlighter.ts';

/** The grammar for an artifact's code: its fence language, else what its type implies. */
export function editorLanguage(type: string, language: string): string {
  if (language) return language;
  if (type === 'application/vnd.react' || type === 'application/vnd.ant.react') return 'tsx';
  if (type === 'text/html' || type === 'application/vnd.code-html') return 'html';
  if (type === 'image/svg+xml') return 'xml';
  if (type === 'text/markdown') return 'markdown';
  if (type === 'application/vnd.mermaid') return 'mermaid';
  return '';
}

/** The code is highlighted again at most this often while it streams or is typed (a worker round trip). */
export const REHIGHLIGHT_MS = 120;

/**
 * The lines to paint: a line keeps its colours while its text is what was highlighted at that
 * position, so typing greys out only the line being typed until the next highlight arrives.
 */
export function paintedLines(
  text: string,
  last: { text: string; lines: HighlightedLine[] } | null,
): (HighlightedLine | string)[] {
  const known = last ? last.text.split('\n') : [];
  return text.split('\n').map((line, i) => (last && known[i] === line ? (last.lines[i] ?? line) : line));
}

const Line = memo(function Line({ line }: { line: HighlightedLine | string }) {
  return (
    <span className="block min-h-[1lh]">
      {typeof line === 'string'
        ? line
        : line.map((token, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tokens are positional
            <span key={j} style={token.htmlStyle as CSSProperties | undefined}>
              {token.content}
            </span>
          ))}
    </span>
  );
});

const TEXT_CLASS = 'm-0 whitespace-pre p-3 font-mono text-sm leading-relaxed [tab-size:2]';

/**
 * The artifact's code, highlighted as it is written and as it is edited: a transparent textarea
 * (caret, selection, undo, IME and accessibility stay the browser's) over the same text painted
 * with the highlighter's tokens. Both sit in one grid cell of a scrolling box, so they share one
 * size and never need their scrolling kept in step.
 */
export function ArtifactCodeEditor({
  value,
  lang,
  readOnly,
  label,
  onChange,
}: {
  value: string;
  lang: string;
  readOnly: boolean;
  label: string;
  onChange: (text: string) => void;
}) {
  const [last, setLast] = useState<{ text: string; lines: HighlightedLine[] } | null>(() => {
    const lines = lang ? peekHighlight(value, lang) : null;
    return lines ? { text: value, lines } : null;
  });
  // Throttled, not debounced: a streaming artifact changes every 25 ms and would never pause. A
  // pass started for an older text still lands (its unchanged lines are right), unless a newer
  // pass landed first.
  const passes = useRef({ lastStart: 0, started: 0, landed: 0, mounted: true });
  useEffect(() => {
    const p = passes.current;
    p.mounted = true;
    return () => {
      p.mounted = false;
    };
  }, []);
  useEffect(() => {
    if (!lang) return;
    const p = passes.current;
    const wait = Math.max(0, p.lastStart + REHIGHLIGHT_MS - performance.now());
    const timer = setTimeout(() => {
      p.lastStart = performance.now();
      const pass = ++p.started;
      void highlight(value, lang).then((lines) => {
        if (!p.mounted || !lines || pass < p.landed) return;
        p.landed = pass;
        setLast({ text: value, lines });
      });
    }, wait);
    return () => clearTimeout(timer);
  }, [value, lang]);
  const lines = paintedLines(value, last);
  return (
    <div className="h-full overflow-auto bg-muted/40">
      <div className="grid min-h-full min-w-full w-max">
        <pre
          aria-hidden
          data-testid="artifact-code-highlight"
          className={`code-tokens pointer-events-none [grid-area:1/1] ${TEXT_CLASS}`}
        >
          {lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
            <Line key={i} line={line} />
          ))}
        </pre>
        <textarea
          data-testid="artifact-code"
          aria-label={label}
          value={value}
          readOnly={readOnly}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          wrap="off"
          onChange={(e) => onChange(e.target.value)}
          className={`resize-none overflow-hidden bg-transparent text-transparent caret-foreground outline-none selection:bg-primary/25 [grid-area:1/1] ${TEXT_CLASS}`}
        />
      </div>
    </div>
  );
}

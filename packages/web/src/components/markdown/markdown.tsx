import { Fragment, memo, useEffect, useMemo, useRef } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { usePreferences } from '../../store/preferences.ts';
import { CodeBlock } from './code-block.tsx';
import { loadMath, useMathPlugins } from './math-loader.ts';
import type { MathPlugins } from './math-plugins.ts';
import { isMermaid, MermaidBlock } from './mermaid-block.tsx';
import { mightContainMath, prepareMath } from './prepare-math.ts';
import { parseFencedBlock, type SplitResult, splitBlocksIncremental } from './split-blocks.ts';

type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};
type MdastNode = { type: string; value?: string; children?: MdastNode[] };

function textOf(node: HastNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/** Raw HTML is never rendered (DESIGN §9): show it as the text it is. */
function remarkHtmlAsText() {
  return (tree: MdastNode) => {
    const walk = (node: MdastNode) => {
      if (node.type === 'html') node.type = 'text';
      for (const child of node.children ?? []) walk(child);
    };
    walk(tree);
  };
}

function makeComponents(complete: boolean): Components {
  return {
    a: ({ node: _node, children, href, ...props }) => (
      <a {...props} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ),
    table: ({ node: _node, children, ...props }) => (
      <div className="table-wrap">
        <table {...props}>{children}</table>
      </div>
    ),
    pre: ({ node }) => {
      const codeNode = (node as HastNode | undefined)?.children?.find((c) => c.tagName === 'code');
      const className = codeNode?.properties?.className;
      const classes = Array.isArray(className) ? className.map(String) : [];
      const lang = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
      const code = textOf(codeNode).replace(/\n$/, '');
      if (isMermaid(lang)) return <MermaidBlock code={code} complete={complete} />;
      return <CodeBlock code={code} lang={lang} complete={complete} />;
    },
  };
}

const finishedComponents = makeComponents(true);
const streamingComponents = makeComponents(false);

const basePlugins: Options['remarkPlugins'] = [remarkGfm, remarkHtmlAsText];

type BlockProps = { text: string; streaming: boolean; math: MathPlugins | null; latex: boolean };

/** One top-level block, memoized on its source: finished blocks never re-parse (DESIGN §7). */
const MarkdownBlock = memo(
  function MarkdownBlock({ text, streaming, math, latex }: BlockProps) {
    const fenced = parseFencedBlock(text);
    const wantsMath = latex && !fenced && mightContainMath(text);
    useEffect(() => {
      if (wantsMath) loadMath();
    }, [wantsMath]);

    // A code block on its own skips the markdown parser: cheap while a long block streams.
    if (fenced) {
      const complete = fenced.closed || !streaming;
      return (
        <div className="md-block">
          {isMermaid(fenced.lang) ? (
            <MermaidBlock code={fenced.code} complete={complete} />
          ) : (
            <CodeBlock code={fenced.code} lang={fenced.lang} complete={complete} />
          )}
        </div>
      );
    }
    const useMath = wantsMath && math !== null;
    return (
      <div className="md-block">
        <ReactMarkdown
          remarkPlugins={useMath ? [...(basePlugins ?? []), ...math.remark] : basePlugins}
          rehypePlugins={useMath ? math.rehype : undefined}
          components={streaming ? streamingComponents : finishedComponents}
        >
          {useMath ? prepareMath(text) : text}
        </ReactMarkdown>
      </div>
    );
  },
  // The math plugins arriving (once per page) re-render only the blocks that may hold math.
  (a, b) =>
    a.text === b.text &&
    a.streaming === b.streaming &&
    a.latex === b.latex &&
    (a.math === b.math || !mightContainMath(b.text)),
);

/** Render a message's markdown as memoized blocks; only the last block changes while streaming. */
export function Markdown({ text, streaming }: { text: string; streaming: boolean }) {
  const previous = useRef<SplitResult | null>(null);
  const split = useMemo(() => {
    const next = splitBlocksIncremental(text, previous.current);
    previous.current = next;
    return next;
  }, [text]);
  const latex = usePreferences((s) => s.LaTeXParsing);
  const math = useMathPlugins();
  const last = split.blocks.length - 1;
  return (
    <div className="markdown">
      {split.blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional; index keys keep finished blocks mounted
        <Fragment key={i}>
          {/* A newline between blocks, as one markdown document has: text extraction and copy see
              separate paragraphs, while the layout ignores it. */}
          {i > 0 ? '\n' : null}
          <MarkdownBlock text={block.text} streaming={streaming && i === last} math={math} latex={latex} />
        </Fragment>
      ))}
    </div>
  );
}

import { countCodeFences, parseArtifactBlocks } from '@parley/schema';
import { createContext, Fragment, memo, useContext, useEffect, useMemo, useRef } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { usePreferences } from '../../store/preferences.ts';
import { ArtifactCard } from './artifact-card.tsx';
import { CitationsContext } from './citations-context.ts';
import { CodeBlock } from './code-block.tsx';
import { CodeIndexContext, CodeRunContext } from './code-run-context.ts';
import { loadMath, useMathPlugins } from './math-loader.ts';
import type { MathPlugins } from './math-plugins.ts';
import { isMermaid, MermaidBlock } from './mermaid-block.tsx';
import { mightContainMath, prepareMath } from './prepare-math.ts';
import { citationOf, remarkCitations } from './remark-citations.ts';
import { parseFencedBlock, type SplitResult, splitBlocksIncremental } from './split-blocks.ts';

type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
  position?: { start: { offset?: number } };
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

/** A cited passage's mark, as the reply's provider shows it (plain [n] without one). */
function Citation({ n }: { n: number }) {
  const citations = useContext(CitationsContext);
  if (!citations) return <>[{n}]</>;
  return <citations.Mark n={n} />;
}

/** The text one markdown block was parsed from: parser offsets point into it. */
const BlockSource = createContext('');

/**
 * A code block with its position among the part's code blocks when they can run (CodeIndexContext
 * is there): the blocks before this markdown block, plus the fences that open before `offset`
 * within it (the whole block is one fence when `offset` is absent).
 */
function FencedCode({
  code,
  lang,
  complete,
  offset,
}: {
  code: string;
  lang: string;
  complete: boolean;
  offset?: number;
}) {
  const base = useContext(CodeIndexContext);
  const source = useContext(BlockSource);
  const blockIndex =
    base === null ? undefined : base + (offset ? countCodeFences(source.slice(0, offset)) : 0);
  return <CodeBlock code={code} lang={lang} complete={complete} blockIndex={blockIndex} />;
}

function makeComponents(complete: boolean): Components {
  return {
    a: ({ node: _node, children, href, ...props }) => {
      const cited = citationOf(href);
      if (cited !== null) return <Citation n={cited} />;
      return (
        <a {...props} href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    },
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
      const offset = (node as HastNode | undefined)?.position?.start.offset;
      return <FencedCode code={code} lang={lang} complete={complete} offset={offset} />;
    },
  };
}

const finishedComponents = makeComponents(true);
const streamingComponents = makeComponents(false);

const basePlugins: Options['remarkPlugins'] = [remarkGfm, remarkHtmlAsText];

type BlockProps = {
  text: string;
  streaming: boolean;
  math: MathPlugins | null;
  latex: boolean;
  /** Passages the text may cite as [1]…[cites]; 0 for none. */
  cites: number;
  /** The block is an artifact (the n-th of the text): a card, not code. */
  artifactOrdinal?: number;
};

/** The plugin lists per citation count (one reply has one count): stable across renders. */
const citedPlugins = new Map<number, NonNullable<Options['remarkPlugins']>>();
function remarkPluginsFor(cites: number): NonNullable<Options['remarkPlugins']> {
  if (cites === 0) return basePlugins ?? [];
  let plugins = citedPlugins.get(cites);
  if (!plugins) {
    plugins = [...(basePlugins ?? []), remarkCitations(cites)];
    citedPlugins.set(cites, plugins);
  }
  return plugins;
}

/** One top-level block, memoized on its source: finished blocks never re-parse (DESIGN §7). */
const MarkdownBlock = memo(
  function MarkdownBlock({ text, streaming, math, latex, cites, artifactOrdinal }: BlockProps) {
    const artifact = artifactOrdinal === undefined ? undefined : parseArtifactBlocks(text)[0];
    const fenced = artifact ? null : parseFencedBlock(text);
    const wantsMath = latex && !fenced && mightContainMath(text);
    useEffect(() => {
      if (wantsMath) loadMath();
    }, [wantsMath]);

    if (artifact) {
      return (
        <div className="md-block">
          <ArtifactCard block={artifact} ordinal={artifactOrdinal ?? 0} streaming={streaming} />
        </div>
      );
    }
    // A code block on its own skips the markdown parser: cheap while a long block streams.
    if (fenced) {
      const complete = fenced.closed || !streaming;
      return (
        <div className="md-block">
          {isMermaid(fenced.lang) ? (
            <MermaidBlock code={fenced.code} complete={complete} />
          ) : (
            <FencedCode code={fenced.code} lang={fenced.lang} complete={complete} />
          )}
        </div>
      );
    }
    const useMath = wantsMath && math !== null;
    const source = useMath ? prepareMath(text) : text;
    return (
      <div className="md-block">
        <BlockSource.Provider value={source}>
          <ReactMarkdown
            remarkPlugins={useMath ? [...remarkPluginsFor(cites), ...math.remark] : remarkPluginsFor(cites)}
            rehypePlugins={useMath ? math.rehype : undefined}
            components={streaming ? streamingComponents : finishedComponents}
          >
            {source}
          </ReactMarkdown>
        </BlockSource.Provider>
      </div>
    );
  },
  // The math plugins arriving (once per page) re-render only the blocks that may hold math.
  (a, b) =>
    a.text === b.text &&
    a.streaming === b.streaming &&
    a.cites === b.cites &&
    a.latex === b.latex &&
    a.artifactOrdinal === b.artifactOrdinal &&
    (a.math === b.math || !mightContainMath(b.text)),
);

/** A block that opens with an artifact directive (split-blocks keeps one whole). */
const ARTIFACT_START = /^ {0,3}(?::::artifact|(?:`{3,}|~{3,})[ \t]*artifact\{)/;
const isArtifactBlock = (text: string) => text.includes('artifact') && ARTIFACT_START.test(text);

/**
 * Per block, how many code blocks the text holds before it (schema countCodeFences), when its
 * code can run; null otherwise. Each block's count is kept while its text is the same string.
 */
function useCodeBases(split: SplitResult, wanted: boolean): number[] | null {
  const counts = useRef<{ text: string; n: number }[]>([]);
  if (!wanted) return null;
  const bases: number[] = [];
  let sum = 0;
  split.blocks.forEach((block, i) => {
    bases.push(sum);
    let entry = counts.current[i];
    if (entry?.text !== block.text) {
      entry = { text: block.text, n: countCodeFences(block.text) };
      counts.current[i] = entry;
    }
    sum += entry.n;
  });
  counts.current.length = split.blocks.length;
  return bases;
}

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
  const cites = useContext(CitationsContext)?.count ?? 0;
  const codeBases = useCodeBases(split, useContext(CodeRunContext) !== null);
  const last = split.blocks.length - 1;
  let artifacts = 0;
  return (
    <div className="markdown">
      {split.blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional; index keys keep finished blocks mounted
        <Fragment key={i}>
          {/* A newline between blocks, as one markdown document has: text extraction and copy see
              separate paragraphs, while the layout ignores it. */}
          {i > 0 ? '\n' : null}
          {/* A context, not a prop: the bases arriving when the reply finishes re-render the code
              blocks only, never re-parse the markdown blocks. */}
          <CodeIndexContext.Provider value={codeBases?.[i] ?? null}>
            <MarkdownBlock
              text={block.text}
              streaming={streaming && i === last}
              math={math}
              latex={latex}
              cites={cites}
              artifactOrdinal={isArtifactBlock(block.text) ? artifacts++ : undefined}
            />
          </CodeIndexContext.Provider>
        </Fragment>
      ))}
    </div>
  );
}

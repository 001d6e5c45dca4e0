import { type ComponentType, createContext } from 'react';

/** Which reply part a Markdown text is: what a run of one of its code blocks is stored under. */
export interface CodeRunTarget {
  messageId: string;
  conversationId: string;
  /** The reply's content part the text starts at (doc 2 §7 partIndex). */
  partIndex: number;
}

/** One runnable block of that part. */
export interface CodeRunBlockProps {
  target: CodeRunTarget;
  /** The block's position among the part's code blocks (schema countCodeFences). */
  blockIndex: number;
  lang: string;
  code: string;
}

/**
 * Code blocks of this text can run (features/chat provides it on a finished reply the user may
 * run code in): the run button for the block's header and the result under it. The markdown
 * knows nothing of runs; absent, blocks have no run button.
 */
export interface CodeRunHost extends CodeRunTarget {
  Button: ComponentType<CodeRunBlockProps>;
  Result: ComponentType<CodeRunBlockProps>;
}

export const CodeRunContext = createContext<CodeRunHost | null>(null);

/**
 * How many code blocks the part holds before one markdown block (Markdown provides it per block
 * where code can run; null elsewhere): a code block adds its own position within that block.
 */
export const CodeIndexContext = createContext<number | null>(null);

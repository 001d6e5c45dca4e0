import 'katex/dist/katex.min.css';
import type { Options } from 'react-markdown';
import remarkMath from 'remark-math';
import { rehypeMath } from './rehype-math.ts';

type PluggableList = NonNullable<Options['remarkPlugins']>;

/** The plugins math needs: remark-math parses `$…$`, rehype-math renders it with KaTeX. */
export type MathPlugins = { remark: PluggableList; rehype: PluggableList };

/** Built here, loaded on demand by math-loader.ts: this module is its own chunk, with KaTeX. */
export const mathPlugins: MathPlugins = {
  remark: [[remarkMath, { singleDollarTextMath: true }]],
  rehype: [[rehypeMath, { strict: false, output: 'htmlAndMathml' }]],
};

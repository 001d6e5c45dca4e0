import 'katex/dist/katex.min.css';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import type { MathPlugins } from './math.ts';

export const mathPlugins: MathPlugins = {
  remark: [[remarkMath, { singleDollarTextMath: true }]],
  rehype: [[rehypeKatex, { throwOnError: false, strict: false, output: 'htmlAndMathml' }]],
};

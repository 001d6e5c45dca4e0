import 'katex/dist/katex.min.css';
import remarkMath from 'remark-math';
import type { MathPlugins } from './math.ts';
import { rehypeMath } from './rehype-math.ts';

export const mathPlugins: MathPlugins = {
  remark: [[remarkMath, { singleDollarTextMath: true }]],
  rehype: [[rehypeMath, { strict: false, output: 'htmlAndMathml' }]],
};

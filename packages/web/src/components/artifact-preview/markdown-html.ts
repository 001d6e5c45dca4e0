import { toHtml } from 'hast-util-to-html';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/**
 * Markdown → HTML for the preview frame. Raw HTML in the source is dropped (remark-rehype without
 * allowDangerousHtml), so the markdown cannot carry scripts or styles of its own.
 */
export function markdownToHtml(markdown: string): string {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);
  return toHtml(processor.runSync(processor.parse(markdown)));
}

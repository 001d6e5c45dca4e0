import type { Extracted } from '../types.ts';

/** HTML → Markdown (turndown), headings kept as `#` lines for the chunker. */
export async function htmlToMarkdown(html: string): Promise<string> {
  const { default: TurndownService } = await import('turndown');
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
  turndown.remove(['script', 'style', 'noscript', 'iframe', 'object']);
  return turndown.turndown(html).trim();
}

/** A web page: its readable article (readability drops navigation and scripts), as Markdown. */
export async function extractHtml(bytes: Uint8Array): Promise<Extracted> {
  const [{ parseHTML }, { Readability }] = await Promise.all([
    import('linkedom'),
    import('@mozilla/readability'),
  ]);
  const html = new TextDecoder('utf-8').decode(bytes);
  const { document } = parseHTML(html);
  const article = new Readability(document as unknown as Document).parse();
  const body = article?.content ?? document.body?.innerHTML ?? html;
  const markdown = await htmlToMarkdown(body);
  const title = article?.title?.trim();
  return { text: title && !markdown.startsWith('#') ? `# ${title}\n\n${markdown}` : markdown };
}

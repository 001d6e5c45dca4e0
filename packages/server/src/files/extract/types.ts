export interface PageStart {
  /** 1-based page number. */
  page: number;
  /** Character offset where the page's text starts. */
  offset: number;
}

/** A file's text: Markdown where the format has structure, and where each page starts (PDF). */
export interface Extracted {
  text: string;
  pages?: PageStart[];
}

/** Pages' texts joined by blank lines, with where each starts. */
export function joinPages(texts: string[]): Extracted {
  const pages: PageStart[] = [];
  let text = '';
  texts.forEach((t, i) => {
    if (i > 0) text += '\n\n';
    pages.push({ page: i + 1, offset: text.length });
    text += t.trim();
  });
  return { text, pages };
}

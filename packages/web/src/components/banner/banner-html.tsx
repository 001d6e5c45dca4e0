import { createElement, type ReactNode } from 'react';

/** Tags a banner may use; anything else is unwrapped to its text. */
const ALLOWED = new Set(['a', 'b', 'strong', 'i', 'em', 'u', 's', 'code', 'br', 'span', 'p', 'small']);
/** Tags whose content is never text a reader should see. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'title',
  'head',
]);
const SAFE_HREF = /^(https?:|mailto:)/i;

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(el.childNodes, (child, i) => convert(child, `${key}.${i}`));
  if (!ALLOWED.has(tag)) return children;
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = el.getAttribute('href')?.trim() ?? '';
    if (!SAFE_HREF.test(href)) return children;
    return createElement(
      'a',
      { key, href, target: '_blank', rel: 'noopener noreferrer', className: 'underline underline-offset-2' },
      ...children,
    );
  }
  // No attributes are copied: no styles, handlers or classes from the stored text.
  return createElement(tag, { key }, ...children);
}

/**
 * A banner's HTML message as React elements (docs/decisions.md): parsed in an inert document
 * (no scripts run, nothing loads) and rebuilt from a small allow-list of tags, never injected.
 */
export function bannerHtmlToReact(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return Array.from(doc.body.childNodes, (n, i) => convert(n, String(i)));
}

/** A base no real page has, to tell relative paths (which resolve against it) from absolute URLs. */
const PROBE_BASE = 'https://relative.invalid/';

/**
 * The src an image may load from, or null. Allowed: relative paths, http(s) URLs and data:image/
 * URLs. Parsing with the URL parser (as the browser will) means tricks such as "java\tscript:" or
 * leading spaces are judged by what they really are.
 */
export function safeImageSrc(src: string | null | undefined): string | null {
  if (!src) return null;
  const trimmed = src.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed, PROBE_BASE);
  } catch {
    return null;
  }
  if (url.protocol === 'https:' || url.protocol === 'http:') return trimmed;
  if (url.protocol === 'data:') return /^data:image\//i.test(url.href) ? trimmed : null;
  return null;
}

/** An absolute http(s) URL a link may open (sign-in links), or null. */
export function safeLinkHref(href: string | null | undefined): URL | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

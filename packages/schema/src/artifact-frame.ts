/**
 * The artifact preview frame's Content-Security-Policy (issue 17 point 5). The server sends it with
 * the frame document (/vendor/<hash>/frame.html) and the client repeats it in the document it writes
 * into the frame. No network at all: scripts only inline and from the app's /vendor/ folder, images
 * only data:/blob: and the app's placeholder route, no fetch/XHR/WebSocket, no forms, no base URL.
 */
export function artifactFrameCsp(origin: string): string {
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' data: blob: ${origin}/vendor/`,
    "style-src 'unsafe-inline'",
    `img-src data: blob: ${origin}/api/placeholder/`,
    'font-src data:',
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** Where the frame's runtime files live, under the vendor folder of one build. */
export const ARTIFACT_VENDOR_PREFIX = '/vendor/';

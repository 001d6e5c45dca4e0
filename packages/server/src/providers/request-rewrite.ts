/**
 * A fetch that edits the JSON body of outgoing provider requests: `dropParams` removes fields,
 * `addParams` sets them (librechat.yaml custom endpoint keys). Other requests pass unchanged.
 */
export function rewritingFetch(opts: {
  addParams?: Record<string, unknown>;
  dropParams?: string[];
  /** The fetch that sends (the SSRF-guarded one for a user's base URL). */
  fetch?: typeof fetch;
}): typeof fetch {
  const fetch = opts.fetch ?? globalThis.fetch;
  const drop = opts.dropParams ?? [];
  const add = opts.addParams ?? {};
  return (input, init) => {
    if (typeof init?.body !== 'string') return fetch(input, init);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(init.body);
    } catch {
      return fetch(input, init);
    }
    for (const key of drop) delete body[key];
    Object.assign(body, add);
    return fetch(input, { ...init, body: JSON.stringify(body) });
  };
}

/** Query parameters that carry sign-in secrets back from an identity provider. */
const SECRET_PARAMS = ['code', 'state', 'id_token', 'access_token', 'token'];

/** A request URL fit for the log: the provider's code and state never reach a log line. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  // Sign-in callbacks: ours (/oauth/…) and actions' (/api/actions/:id/oauth/callback).
  if (q === -1 || !(url.startsWith('/oauth/') || /^\/api\/actions\/[^/?]+\/oauth\//.test(url))) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the URL redacted. */
export function requestSerializer(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

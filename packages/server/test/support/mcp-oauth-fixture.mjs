// An MCP server behind OAuth 2.1 for the MCP OAuth test (issue 16): protected resource metadata,
// authorization server metadata, dynamic client registration, an /authorize that approves at once
// (redirecting with a code), a token endpoint that checks PKCE (S256), and /mcp that wants a token.
import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createFixtureServer } from './mcp-fixture.mjs';

const json = (res, status, body, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
};

async function formBody(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return req.headers['content-type']?.includes('json')
    ? JSON.parse(text)
    : Object.fromEntries(new URLSearchParams(text));
}

export async function startOAuthFixture() {
  const clients = new Map();
  const codes = new Map();
  const tokens = new Set();
  const sessions = new Map();
  let base = '';
  const http = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname.startsWith('/.well-known/oauth-protected-resource'))
      return json(res, 200, { resource: `${base}/mcp`, authorization_servers: [base] });
    if (url.pathname === '/.well-known/oauth-authorization-server')
      return json(res, 200, {
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        registration_endpoint: `${base}/register`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
      });
    if (url.pathname === '/register' && req.method === 'POST') {
      const meta = await formBody(req);
      const client = { ...meta, client_id: randomUUID(), client_id_issued_at: Math.floor(Date.now() / 1000) };
      clients.set(client.client_id, client);
      return json(res, 201, client);
    }
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      if (!clients.has(p.get('client_id')) || p.get('code_challenge_method') !== 'S256')
        return json(res, 400, { error: 'invalid_request' });
      const code = randomUUID();
      codes.set(code, { challenge: p.get('code_challenge'), redirect: p.get('redirect_uri') });
      const to = new URL(p.get('redirect_uri'));
      to.searchParams.set('code', code);
      to.searchParams.set('state', p.get('state') ?? '');
      res.writeHead(302, { location: to.toString() }).end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const body = await formBody(req);
      const issued = codes.get(body.code);
      const challenge = createHash('sha256')
        .update(String(body.code_verifier ?? ''))
        .digest('base64url');
      if (
        body.grant_type !== 'authorization_code' ||
        !issued ||
        issued.challenge !== challenge ||
        issued.redirect !== body.redirect_uri
      )
        return json(res, 400, { error: 'invalid_grant' });
      codes.delete(body.code);
      const token = randomUUID();
      tokens.add(token);
      return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
    if (url.pathname === '/mcp') {
      const auth = req.headers.authorization ?? '';
      if (!tokens.has(auth.replace(/^Bearer /, '')))
        return json(
          res,
          401,
          { error: 'invalid_token' },
          {
            'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
          },
        );
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? sessions.get(id) : undefined;
      if (!transport) {
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sid) => sessions.set(sid, transport),
        });
        await createFixtureServer('basic').connect(transport);
      }
      return transport.handleRequest(req, res);
    }
    res.writeHead(404).end();
  });
  await new Promise((r) => http.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${http.address().port}`;
  return {
    url: `${base}/mcp`,
    tokens,
    close: async () => {
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
    },
  };
}

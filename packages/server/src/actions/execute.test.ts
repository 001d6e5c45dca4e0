import { describe, expect, it } from 'vitest';
import { apiKeyHeaders, buildRequest, ForeignDomainError, redact } from './execute.ts';
import type { StoredActionMetadata } from './stored.ts';
import type { StoredFunction } from './to-functions.ts';

const metadata: StoredActionMetadata = {
  raw_spec: '',
  domain: 'api.example.com',
  server_url: 'https://api.example.com/v1',
  auth: { type: 'service_http', authorization_type: 'bearer' },
};
const fn = (extra: Partial<StoredFunction> = {}): StoredFunction => ({
  name: 'f',
  description: '',
  method: 'GET',
  path: '/items/{id}',
  domain: 'api.example.com',
  tool: 'f_action_x',
  parameters: { type: 'object', properties: {}, required: [] },
  locations: { id: 'path', q: 'query', tags: 'query', 'X-Trace': 'header', authorization: 'header' },
  contentType: '',
  ...extra,
});

describe('buildRequest', () => {
  it('places each argument where the spec says, encoded, and keeps to the host', () => {
    const req = buildRequest(
      metadata,
      fn(),
      { id: '../../admin?x=1#', q: 'a b', tags: ['x', 'y'], 'X-Trace': 'one\r\nInjected: yes' },
      {},
      undefined,
    );
    const url = new URL(req.url);
    expect(url.host).toBe('api.example.com');
    expect(url.pathname).toBe('/v1/items/..%2F..%2Fadmin%3Fx%3D1%23');
    expect(url.searchParams.get('q')).toBe('a b');
    expect(url.searchParams.getAll('tags')).toEqual(['x', 'y']);
    expect(req.headers['x-trace']).toBe('one  Injected: yes');
    expect(req.body).toBeUndefined();
  });

  it('sends a body operation its JSON or form body; auth headers win over arguments', () => {
    const post = fn({
      method: 'POST',
      path: '/items',
      contentType: 'application/json',
      locations: { name: 'body', authorization: 'header' },
    });
    const req = buildRequest(
      metadata,
      post,
      { name: 'n', authorization: 'Bearer stolen' },
      { authorization: 'Bearer real' },
      undefined,
    );
    expect(JSON.parse(req.body!)).toEqual({ name: 'n' });
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.authorization).toBe('Bearer real');
    const form = buildRequest(
      metadata,
      { ...post, contentType: 'application/x-www-form-urlencoded' },
      { name: 'a&b' },
      {},
      undefined,
    );
    expect(form.body).toBe('name=a%26b');
  });

  it('refuses a URL on another host', () => {
    expect(() =>
      buildRequest({ ...metadata, server_url: 'https://evil.example.net' }, fn(), { id: '1' }, {}, undefined),
    ).toThrow(ForeignDomainError);
    // …unless librechat.yaml allows that host.
    const ok = buildRequest({ ...metadata, server_url: 'https://evil.example.net' }, fn(), { id: '1' }, {}, [
      'evil.example.net',
    ]);
    expect(new URL(ok.url).host).toBe('evil.example.net');
  });
});

describe('API keys and redaction', () => {
  it("sends the key as the action's authorization type says", () => {
    const secrets = { apiKey: 'k:1', clientId: '', clientSecret: '' };
    expect(apiKeyHeaders(metadata, secrets)).toEqual({ authorization: 'Bearer k:1' });
    expect(
      apiKeyHeaders({ ...metadata, auth: { type: 'service_http', authorization_type: 'basic' } }, secrets),
    ).toEqual({
      authorization: `Basic ${Buffer.from('k:1').toString('base64')}`,
    });
    expect(
      apiKeyHeaders(
        {
          ...metadata,
          auth: { type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X-Key' },
        },
        secrets,
      ),
    ).toEqual({ 'X-Key': 'k:1' });
  });

  it('hides every secret in an answer', () => {
    expect(redact('key=abcd1234 and abcd1234', ['abcd1234', ''])).toBe('key=[redacted] and [redacted]');
  });
});

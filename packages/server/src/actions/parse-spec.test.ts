import { ACTION_OPERATIONS_MAX, ACTION_SPEC_MAX_BYTES, ACTION_SPEC_VALID } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { domainAllowed, parseSpec, type SpecOptions } from './parse-spec.ts';
import { encodeDomain, fallbackName, toolKey } from './to-functions.ts';

const opts: SpecOptions = { allowedPrivateHosts: [], resolveHost: false };

const spec = (extra: Record<string, unknown> = {}, server = 'https://api.example.com/v1') => ({
  openapi: '3.0.3',
  info: { title: 'Weather', version: '1.0.0' },
  servers: [{ url: server }],
  paths: {
    '/weather/{city}': {
      get: {
        operationId: 'getWeather',
        summary: 'Weather for a city',
        parameters: [
          { name: 'city', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'units', in: 'query', schema: { $ref: '#/components/schemas/Units' } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/v1/alerts': {
      post: {
        description: 'Create an alert',
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Alert' } } },
        },
        responses: { '201': { description: 'created' } },
      },
    },
  },
  components: {
    schemas: {
      Units: { type: 'string', enum: ['metric', 'imperial'] },
      Alert: {
        type: 'object',
        required: ['city'],
        properties: { city: { type: 'string' }, level: { type: 'integer' } },
      },
    },
  },
  ...extra,
});

const parse = (value: unknown, o = opts) => parseSpec(JSON.stringify(value), o);

describe('parseSpec', () => {
  it('derives LibreChat-named functions (operationId, else method_path sanitised) with their keys', async () => {
    const r = await parse(spec());
    expect(r.ok && r.message).toBe(ACTION_SPEC_VALID);
    if (!r.ok) return;
    expect(r.domain).toBe('api.example.com');
    expect(r.serverUrl).toBe('https://api.example.com/v1');
    expect(r.functions.map((f) => [f.name, f.method, f.path, f.tool])).toEqual([
      ['getWeather', 'GET', '/weather/{city}', 'getWeather_action_YXBpLmV4YW'],
      ['post_v1alerts', 'POST', '/v1/alerts', 'post_v1alerts_action_YXBpLmV4YW'],
    ]);
    const [weather, alerts] = r.functions;
    expect(weather.description).toBe('Weather for a city');
    expect(weather.locations).toEqual({ city: 'path', units: 'query' });
    // $refs resolved into the arguments' schema.
    expect(weather.parameters.properties.units).toEqual({ type: 'string', enum: ['metric', 'imperial'] });
    expect(weather.parameters.required).toEqual(['city']);
    expect(alerts.description).toBe('Create an alert');
    expect(alerts.locations).toEqual({ city: 'body', level: 'body' });
    expect(alerts.contentType).toBe('application/json');
  });

  it('reads YAML too', async () => {
    const yaml = `openapi: 3.1.0
info: { title: T, version: '1' }
servers: [{ url: 'http://localhost:9/api' }]
paths:
  /ping:
    get:
      responses: { '200': { description: ok } }
`;
    const r = await parseSpec(yaml, { allowedPrivateHosts: ['localhost'] });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.functions[0].tool).toBe('get_ping_action_localhost');
  });

  it.each([
    ['not a spec at all', '{{{', 'Error parsing OpenAPI spec.'],
    ['a Swagger 2 document', JSON.stringify({ swagger: '2.0', info: {}, paths: {} }), 'Only OpenAPI 3.x'],
    ['no servers', JSON.stringify(spec({ servers: [] })), 'Could not find a valid URL in `servers`'],
    ['no paths', JSON.stringify(spec({ paths: {} })), 'No paths found in the OpenAPI spec.'],
  ])('refuses %s', async (_, raw, message) => {
    const r = await parseSpec(raw, opts);
    expect(r.ok).toBe(false);
    expect(r.message).toContain(message);
  });

  it('names what the validator finds wrong, one problem per line', async () => {
    const bad = spec();
    delete (bad.info as { version?: string }).version;
    const r = await parse(bad);
    expect(r).toEqual({
      ok: false,
      message: expect.stringContaining("#/info must have required property 'version'"),
    });
  });

  it('refuses operationIds a tool name cannot hold', async () => {
    const bad = spec();
    (bad.paths['/weather/{city}'].get as { operationId: string }).operationId = 'get.weather';
    expect((await parse(bad)).message).toBe(
      'The operationId "get.weather" may only hold letters, digits, _ and -.',
    );
    (bad.paths['/weather/{city}'].get as { operationId: string }).operationId = 'x'.repeat(300);
    expect((await parse(bad)).message).toMatch(/is too long\.$/);
  });

  it('refuses recursive, dangling and external references', async () => {
    const recursive = spec();
    (recursive.components.schemas as Record<string, unknown>).Alert = {
      type: 'object',
      properties: { next: { $ref: '#/components/schemas/Alert' } },
    };
    const r1 = await parse(recursive);
    expect(r1.message).toMatch(
      /recursive references: #\/components\/schemas\/Alert → #\/components\/schemas\/Alert/,
    );

    const external = spec();
    (external.components.schemas as Record<string, unknown>).Units = {
      $ref: 'https://evil.example/units.json',
    };
    expect((await parse(external)).message).toContain('Only references inside the spec are allowed');

    const file = spec();
    (file.components.schemas as Record<string, unknown>).Units = { $ref: '/etc/passwd' };
    expect((await parse(file)).message).toContain('Only references inside the spec are allowed');

    const dangling = spec();
    (dangling.components.schemas as Record<string, unknown>).Units = { $ref: '#/components/schemas/Nope' };
    expect((await parse(dangling)).message).toContain('points to nothing');
  });

  it('refuses a spec that is huge, or expands hugely through its references', async () => {
    const big = `{"openapi":"3.0.3","x":"${'a'.repeat(ACTION_SPEC_MAX_BYTES)}"}`;
    expect((await parseSpec(big, opts)).message).toBe('The OpenAPI spec is larger than 1 MB.');

    // Each level uses the next twice: 2^30 nodes once expanded, from a few hundred bytes.
    const schemas: Record<string, unknown> = { L30: { type: 'string' } };
    for (let i = 0; i < 30; i++)
      schemas[`L${i}`] = {
        type: 'object',
        properties: {
          a: { $ref: `#/components/schemas/L${i + 1}` },
          b: { $ref: `#/components/schemas/L${i + 1}` },
        },
      };
    const bomb = spec({ components: { schemas } });
    (bomb.paths['/weather/{city}'].get.parameters[1] as { schema: unknown }).schema = {
      $ref: '#/components/schemas/L0',
    };
    const r = await parse(bomb);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/too large once its references are expanded|nest more than/);

    const many = spec({
      paths: Object.fromEntries(
        Array.from({ length: ACTION_OPERATIONS_MAX + 1 }, (_, i) => [
          `/op${i}`,
          { get: { responses: { '200': { description: 'ok' } } } },
        ]),
      ),
    });
    expect((await parse(many)).message).toBe(
      `The spec defines ${ACTION_OPERATIONS_MAX + 1} operations; at most ${ACTION_OPERATIONS_MAX} are allowed.`,
    );
  });

  it('refuses servers that are not http(s) or on private addresses (unless allowed)', async () => {
    expect((await parse(spec({}, 'ftp://files.example.com/'))).message).toBe(
      'Invalid protocol: Only HTTP and HTTPS are allowed, got ftp:',
    );
    expect((await parse(spec({}, 'file:///etc'))).ok).toBe(false);
    for (const host of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '[::1]', 'localhost']) {
      const r = await parse(spec({}, `http://${host}:8080/`));
      expect(r.message, host).toMatch(/is a private network address, which is not allowed\./);
    }
    const allowed = await parse(spec({}, 'http://127.0.0.1:8080/'), {
      allowedPrivateHosts: ['127.0.0.1'],
      resolveHost: false,
    });
    expect(allowed.ok).toBe(true);
  });

  it('keeps to librechat.yaml actions.allowedDomains when set', async () => {
    const only = { ...opts, allowedDomains: ['weather.example.org'] };
    expect((await parse(spec(), only)).message).toBe('Domain not allowed: api.example.com.');
    expect((await parse(spec(), { ...opts, allowedDomains: ['*.example.com'] })).ok).toBe(true);
    expect(domainAllowed('api.example.com', ['https://api.example.com:443/x'])).toBe(true);
    expect(domainAllowed('evil-example.com', ['*.example.com'])).toBe(false);
    expect(domainAllowed('anything.net', undefined)).toBe(true);
  });
});

describe("LibreChat's tool keys", () => {
  it('encodes short domains with --- and long ones as 10 characters of base64', () => {
    expect(encodeDomain('localhost')).toBe('localhost');
    expect(encodeDomain('127.0.0.1')).toBe('127---0---0---1');
    expect(encodeDomain('api.example.com')).toBe('YXBpLmV4YW');
    expect(toolKey('getWeather', 'x.io')).toBe('getWeather_action_x---io');
    expect(fallbackName('get', '/users/{id}/posts')).toBe('get_usersidposts');
  });
});

import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  ACTION_OPERATIONS_MAX,
  ACTION_SPEC_MAX_BYTES,
  ACTION_SPEC_VALID,
  AGENT_TOOL_KEY_MAX,
} from '@parley/schema';
import type { OpenAPIV3 } from 'openapi-types';
import { parse as parseYaml } from 'yaml';
import { isPrivateAddress } from '../net/ssrf.ts';
import { checkRefs } from './spec-refs.ts';
import { type StoredFunction, toFunctions } from './to-functions.ts';

export interface ParsedSpec {
  ok: true;
  message: string;
  /** servers[0].url with its variables filled in. */
  serverUrl: string;
  /** Its host (lower case, IPv6 without brackets): the action's domain. */
  domain: string;
  functions: StoredFunction[];
}
export type SpecResult = ParsedSpec | { ok: false; message: string };

export interface SpecOptions {
  /** ALLOWED_PRIVATE_HOSTS: servers on these hosts may be private addresses. */
  allowedPrivateHosts: readonly string[];
  /** librechat.yaml `actions.allowedDomains` (unset: any public domain). */
  allowedDomains?: readonly string[];
  /** Resolve the server's name to refuse private addresses (off in unit tests without DNS). */
  resolveHost?: boolean;
}

const fail = (message: string): SpecResult => ({ ok: false, message });
const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

/** A spec's text as an object: JSON, else YAML (aliases bounded by the yaml package). */
function readText(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return parseYaml(raw, { maxAliasCount: 100, prettyErrors: false });
  }
}

/** The first server's URL with `{variables}` replaced by their defaults. */
function serverUrlOf(doc: OpenAPIV3.Document): string | null {
  const server = doc.servers?.[0];
  if (!server?.url || typeof server.url !== 'string') return null;
  return server.url.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = server.variables?.[name]?.default;
    return v === undefined ? `{${name}}` : String(v);
  });
}

/**
 * Whether `host` is allowed by librechat.yaml `actions.allowedDomains`: entries are host names
 * (a scheme, port or path is ignored), `*.example.com` also allows its subdomains. Unset: all.
 */
export function domainAllowed(host: string, allowedDomains: readonly string[] | undefined): boolean {
  if (!allowedDomains?.length) return true;
  const h = bare(host);
  return allowedDomains.some((entry) => {
    const pattern = bare(
      entry
        .trim()
        .replace(/^[a-z]+:\/\//i, '')
        .replace(/\/.*$/, '')
        .replace(/:\d+$/, ''),
    );
    if (pattern.startsWith('*.')) return h === pattern.slice(2) || h.endsWith(pattern.slice(1));
    return h === pattern;
  });
}

/** A reason when the server host is a private address (a literal, or a name that resolves to one). */
async function privateHost(host: string, opts: SpecOptions): Promise<string | null> {
  if (opts.allowedPrivateHosts.map(bare).includes(host)) return null;
  const refused = `The spec's server ${host} is a private network address, which is not allowed.`;
  if (isIP(host)) return isPrivateAddress(host) ? refused : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return refused;
  if (opts.resolveHost === false) return null;
  // A name that does not resolve now is kept: the guarded fetch checks again at every call.
  const addresses = await lookup(host, { all: true }).catch(() => []);
  return addresses.some((a) => isPrivateAddress(a.address)) ? refused : null;
}

/**
 * Parse, bound, validate and dereference an OpenAPI 3.x spec (JSON or YAML) with swagger-parser,
 * then derive its functions. Every refusal is a message the builder shows as is (doc 3 §5: red,
 * line by line), with LibreChat's texts where it has one.
 */
export async function parseSpec(raw: string, opts: SpecOptions): Promise<SpecResult> {
  if (Buffer.byteLength(raw, 'utf8') > ACTION_SPEC_MAX_BYTES)
    return fail(`The OpenAPI spec is larger than ${ACTION_SPEC_MAX_BYTES / 1_000_000} MB.`);
  let parsed: unknown;
  try {
    parsed = readText(raw);
  } catch {
    return fail('Error parsing OpenAPI spec.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return fail('Error parsing OpenAPI spec.');
  const doc = parsed as OpenAPIV3.Document;
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.'))
    return fail('Only OpenAPI 3.x specs are supported (the spec needs an "openapi": "3.x" field).');
  if (!Array.isArray(doc.servers) || !serverUrlOf(doc))
    return fail('Could not find a valid URL in `servers`');
  if (!doc.paths || typeof doc.paths !== 'object' || Object.keys(doc.paths).length === 0)
    return fail('No paths found in the OpenAPI spec.');

  const serverUrl = serverUrlOf(doc)!;
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return fail('Could not find a valid URL in `servers`');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return fail(`Invalid protocol: Only HTTP and HTTPS are allowed, got ${url.protocol}`);
  const domain = bare(url.hostname);

  const refProblem = checkRefs(doc);
  if (refProblem) return fail(refProblem);

  let resolved: OpenAPIV3.Document;
  try {
    // Local refs only (checked above); a cycle would already have been refused.
    resolved = (await SwaggerParser.validate(structuredClone(doc) as never, {
      resolve: { external: false },
      dereference: { circular: false },
    })) as OpenAPIV3.Document;
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return fail(
      text.replace(/^Swagger schema validation failed\.\s*/, '').trim() || 'Error parsing OpenAPI spec.',
    );
  }

  const functions = toFunctions(resolved, domain);
  if (functions.length === 0) return fail('No paths found in the OpenAPI spec.');
  if (functions.length > ACTION_OPERATIONS_MAX)
    return fail(
      `The spec defines ${functions.length} operations; at most ${ACTION_OPERATIONS_MAX} are allowed.`,
    );
  const names = new Set<string>();
  for (const f of functions) {
    if (!/^[a-zA-Z0-9_-]+$/.test(f.name))
      return fail(`The operationId "${f.name.slice(0, 100)}" may only hold letters, digits, _ and -.`);
    if (f.tool.length > AGENT_TOOL_KEY_MAX)
      return fail(`The operationId "${f.name.slice(0, 100)}…" is too long.`);
    if (names.has(f.name)) return fail(`Two operations are named ${f.name}.`);
    names.add(f.name);
  }

  if (!domainAllowed(domain, opts.allowedDomains)) return fail(`Domain not allowed: ${domain}.`);
  const privateReason = await privateHost(domain, opts);
  if (privateReason) return fail(privateReason);

  return {
    ok: true,
    message: ACTION_SPEC_VALID,
    serverUrl: serverUrl.replace(/\/+$/, ''),
    domain,
    functions,
  };
}

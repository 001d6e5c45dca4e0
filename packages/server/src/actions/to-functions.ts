import {
  ACTION_DELIMITER,
  ACTION_DOMAIN_SEPARATOR,
  type ActionFunction,
  ENCODED_DOMAIN_LENGTH,
} from '@parley/schema';
import type { OpenAPIV3 } from 'openapi-types';

/** Where an argument goes in the request (LibreChat's paramLocations). */
export type ParamLocation = 'query' | 'path' | 'header' | 'body';

/** A function as stored with its action: what the builder lists plus what a call needs. */
export interface StoredFunction extends ActionFunction {
  /** The arguments' JSON Schema (an object schema: parameters and body properties merged). */
  parameters: { type: 'object'; properties: Record<string, unknown>; required: string[] };
  locations: Record<string, ParamLocation>;
  /** The request body's media type ('' when the operation has no body). */
  contentType: string;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * A domain as LibreChat writes it into tool keys: up to ENCODED_DOMAIN_LENGTH characters with dots
 * as `---`, else the first ENCODED_DOMAIN_LENGTH characters of its base64 (domainParser(…, true)).
 */
export function encodeDomain(domain: string): string {
  if (domain.length <= ENCODED_DOMAIN_LENGTH) return domain.replaceAll('.', ACTION_DOMAIN_SEPARATOR);
  return Buffer.from(domain).toString('base64').slice(0, ENCODED_DOMAIN_LENGTH);
}

/** The tool key of a function: `${name}_action_${encodedDomain}`. */
export const toolKey = (name: string, domain: string) => `${name}${ACTION_DELIMITER}${encodeDomain(domain)}`;

/** LibreChat's name for an operation without operationId: `${method}_${path}` without other characters. */
export const fallbackName = (method: string, path: string) =>
  `${method}_${path}`.replace(/[^a-zA-Z0-9_-]/g, '');

/** OpenAPI-only keywords a JSON Schema consumer does not need (and some providers refuse). */
const DROP = new Set(['xml', 'externalDocs', 'example', 'examples', 'discriminator', 'deprecated']);

/** A dereferenced schema as plain JSON Schema (copied: shared nodes are expanded, bounded by checkRefs). */
function jsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (!DROP.has(k) && !k.startsWith('x-')) out[k] = jsonSchema(v);
  return out;
}

/**
 * The functions of a dereferenced OpenAPI 3 document, named and shaped as LibreChat's
 * openapiToFunction does (so imported LibreChat actions keep their tool keys): name = operationId
 * as written, else `${method}_${path}` sanitised; description = summary || description; path,
 * query and header parameters and the JSON body's properties merged into one object schema with
 * each argument's location. Only HTTP methods count (a path item's `parameters` or `summary` is not
 * an operation); path-level parameters apply to each operation.
 */
export function toFunctions(doc: OpenAPIV3.Document, domain: string): StoredFunction[] {
  const out: StoredFunction[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const name = op.operationId || fallbackName(method, path);
      const properties: Record<string, unknown> = {};
      const required: string[] = [];
      const locations: Record<string, ParamLocation> = {};
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])] as OpenAPIV3.ParameterObject[];
      for (const p of params) {
        if (!p?.name || !p.schema || p.in === 'cookie') continue;
        const schema = jsonSchema(p.schema) as Record<string, unknown>;
        properties[p.name] =
          p.description && !schema.description ? { ...schema, description: p.description } : schema;
        if (p.required && !required.includes(p.name)) required.push(p.name);
        locations[p.name] = p.in as ParamLocation;
      }
      let contentType = '';
      const body = op.requestBody as OpenAPIV3.RequestBodyObject | undefined;
      if (body?.content) {
        contentType = Object.keys(body.content)[0] ?? 'application/json';
        const schema = body.content[contentType]?.schema as OpenAPIV3.SchemaObject | undefined;
        for (const [key, value] of Object.entries(schema?.properties ?? {})) {
          properties[key] = jsonSchema(value);
          locations[key] = 'body';
        }
        for (const key of schema?.required ?? []) if (!required.includes(key)) required.push(key);
      }
      out.push({
        name,
        description: op.summary || op.description || '',
        method: method.toUpperCase(),
        path,
        domain,
        tool: toolKey(name, domain),
        parameters: { type: 'object', properties, required },
        locations,
        contentType,
      });
    }
  }
  return out;
}

/** What the API shows of a stored function. */
export const publicFunction = (f: StoredFunction): ActionFunction => ({
  name: f.name,
  description: f.description,
  method: f.method,
  path: f.path,
  domain: f.domain,
  tool: f.tool,
});

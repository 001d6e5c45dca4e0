import { lastUserText, type NormalizedRequest } from '../normalized.ts';
import { stripDirectives } from './grammar.ts';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
};

const SAMPLE_STRINGS: Record<string, string> = {
  location: 'Paris',
  city: 'Paris',
  query: 'fake query',
  unit: 'celsius',
  url: 'https://example.com',
  expression: '2 + 2',
};

/**
 * A deterministic value that satisfies a JSON schema, so SDK-side validation passes. `strings`
 * overrides the samples by key (a search's `query` is the user's question, as a model would pass it).
 */
function sample(schema: Schema | undefined, key = '', strings = SAMPLE_STRINGS): unknown {
  if (!schema) return 'example';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const raw = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  // Gemini schemas spell types in capitals (`OBJECT`, `STRING`).
  switch (raw?.toLowerCase()) {
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items, key, strings)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s, k, strings)]),
      );
    case 'null':
      return null;
    case undefined:
      if (schema.properties) return sample({ ...schema, type: 'object' }, key, strings);
      return strings[key.toLowerCase()] ?? 'example';
    default:
      return strings[key.toLowerCase()] ?? 'example';
  }
}

/**
 * Which tool to call and with what: the named tool (or the first declared one) with arguments built
 * from its declared schema; `weather` falls back to the conventional `get_weather({location})`.
 */
export function toolCallFor(
  req: NormalizedRequest,
  wanted: string | true,
): { name: string; args: Record<string, unknown> } {
  const declared =
    wanted === true
      ? req.tools[0]
      : (req.tools.find((t) => t.name === wanted) ??
        req.tools.find((t) => t.name.toLowerCase().includes(wanted.toLowerCase())));
  if (declared) {
    const question = stripDirectives(lastUserText(req)).replace(/\s+/g, ' ').trim();
    const strings = question ? { ...SAMPLE_STRINGS, query: question } : SAMPLE_STRINGS;
    const args = sample((declared.parameters as Schema | undefined) ?? { type: 'object' }, '', strings);
    return {
      name: declared.name,
      args: (args && typeof args === 'object' ? args : {}) as Record<string, unknown>,
    };
  }
  if (wanted === true || wanted === 'weather') return { name: 'get_weather', args: { location: 'Paris' } };
  return { name: wanted, args: {} };
}

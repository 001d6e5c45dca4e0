import { MCP_TOOL_SCHEMA_MAX_CHARS, MCP_TOOL_SCHEMA_MAX_DEPTH } from './limits.ts';

/**
 * A server's tool input schema checked before it reaches the model: an object schema of bounded
 * size and depth. Returns the schema or why it is refused (a "schema bomb" never gets further).
 */
export function checkToolSchema(schema: unknown): { ok: Record<string, unknown> } | { refused: string } {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema))
    return { refused: 'its input schema is not an object' };
  let text: string;
  try {
    text = JSON.stringify(schema);
  } catch {
    return { refused: 'its input schema cannot be serialized' };
  }
  if (text.length > MCP_TOOL_SCHEMA_MAX_CHARS)
    return { refused: `its input schema is larger than ${MCP_TOOL_SCHEMA_MAX_CHARS} characters` };
  if (depth(schema, 0) > MCP_TOOL_SCHEMA_MAX_DEPTH)
    return { refused: `its input schema nests deeper than ${MCP_TOOL_SCHEMA_MAX_DEPTH} levels` };
  const s = schema as Record<string, unknown>;
  if (s.type !== undefined && s.type !== 'object')
    return { refused: 'its input schema is not of type object' };
  return { ok: { ...s, type: 'object' } };
}

function depth(value: unknown, at: number): number {
  // Stops counting once past the limit: the answer is only compared with it.
  if (at > MCP_TOOL_SCHEMA_MAX_DEPTH || !value || typeof value !== 'object') return at;
  let max = at;
  for (const v of Object.values(value)) max = Math.max(max, depth(v, at + 1));
  return max;
}

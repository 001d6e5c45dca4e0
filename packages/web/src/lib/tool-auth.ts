import type { AvailableTool } from '@parley/schema';

export type ToolAuthField = NonNullable<AvailableTool['authConfig']>[number];

/** The auth fields left blank: each is required (doc 2 §5.6, at least one character). */
export function missingAuthFields(
  fields: readonly ToolAuthField[],
  values: Record<string, string>,
): ToolAuthField[] {
  return fields.filter((f) => !(values[f.authField] ?? '').trim());
}

/** Turning the tool on must first ask for its keys: it has an auth config and is not authenticated. */
export function needsKeys(tool: AvailableTool | undefined): boolean {
  return !!tool && !!tool.authConfig?.length && tool.authenticated === false;
}

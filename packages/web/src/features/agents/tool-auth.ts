import type { AvailableTool } from '@parley/schema';

type AuthField = NonNullable<AvailableTool['authConfig']>[number];

/** The auth fields left blank: each is required. */
export function missingAuthFields(fields: readonly AuthField[], values: Record<string, string>): AuthField[] {
  return fields.filter((f) => !(values[f.authField] ?? '').trim());
}

/** Turning the tool on must first ask for its keys: it has an auth config and is not authenticated. */
export function needsKeys(tool: AvailableTool | undefined): boolean {
  return !!tool && !!tool.authConfig?.length && tool.authenticated === false;
}

/** Types of mcp-fixture.mjs (a plain script so it can run as a stdio child of the app). */
export const FIXTURE_INSTRUCTIONS: string;
export type FixtureMode = 'basic' | 'flood' | 'slow' | 'bomb' | 'collide';
export function createFixtureServer(mode?: FixtureMode): unknown;
export function startHttpFixture(
  mode?: FixtureMode,
  opts?: { requireHeader?: { name: string; value: string } },
): Promise<{ url: string; sessions: Map<string, unknown>; close(): Promise<void> }>;
export function startSseFixture(
  mode?: FixtureMode,
): Promise<{ url: string; sessions: Map<string, unknown>; close(): Promise<void> }>;

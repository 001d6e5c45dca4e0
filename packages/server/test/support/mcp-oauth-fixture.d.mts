/** Types of mcp-oauth-fixture.mjs. */
export function startOAuthFixture(): Promise<{ url: string; tokens: Set<string>; close(): Promise<void> }>;

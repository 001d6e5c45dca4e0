/**
 * Bounds on MCP servers (issue 16 §5, §6). A server is another program: it may hang, flood, crash
 * or describe its tools with huge schemas; each of these ends at one of these limits with a message.
 */

/** Connect + initialize + first tools/list, when the server sets no `initTimeout` (ms). */
export const MCP_DEFAULT_INIT_TIMEOUT_MS = 30_000;
/** One tool call, when the server sets no `timeout` (ms). */
export const MCP_DEFAULT_TOOL_TIMEOUT_MS = 60_000;

/** Restart after a crash or lost connection: BASE · 2^n, at most MAX, given up after ATTEMPTS. */
export const MCP_RESTART_BASE_MS = 500;
export const MCP_RESTART_MAX_MS = 30_000;
export const MCP_RESTART_MAX_ATTEMPTS = 8;
/** A connection that stayed up this long starts its backoff from BASE again. */
export const MCP_RESTART_STABLE_MS = 10_000;

/** One JSON-RPC message from a server (stdio line buffer; HTTP response body). */
export const MCP_MESSAGE_MAX_BYTES = 4 * 1024 * 1024;
/** What one tool call hands the model (the loop bounds it again to TOOL_OUTPUT_MAX_CHARS). */
export const MCP_TOOL_OUTPUT_MAX_CHARS = 100_000;
/** A tool whose input schema serializes longer or nests deeper than this is refused. */
export const MCP_TOOL_SCHEMA_MAX_CHARS = 32 * 1024;
export const MCP_TOOL_SCHEMA_MAX_DEPTH = 16;
/** Tools taken from one server (the rest are refused). */
export const MCP_MAX_TOOLS_PER_SERVER = 128;
/** Length of a tool description given to the model. */
export const MCP_TOOL_DESCRIPTION_MAX_CHARS = 2_048;
/** Server instructions reaching the system prompt. */
export const MCP_INSTRUCTIONS_MAX_CHARS = 8_192;

/**
 * Per-user connections (user-defined servers, servers whose url/headers/env use customUserVars):
 * pooled, at most this many open at once (the least recently used idle one is closed first), and
 * closed after being idle this long.
 */
export const MCP_USER_CONNECTIONS_MAX = 64;
/** Of those, stdio children (a Node server is ~70 MB): past it, a new one waits for an idle one to close. */
export const MCP_USER_STDIO_MAX = 16;
/** How long a new per-user connection waits for a free slot before giving up. */
export const MCP_POOL_WAIT_MS = 30_000;
/** A pooled connection is closed to make room only after this long unused (not between a run's calls). */
export const MCP_POOL_MIN_IDLE_MS = 1_000;
export const MCP_USER_CONNECTION_IDLE_MS = 10 * 60_000;

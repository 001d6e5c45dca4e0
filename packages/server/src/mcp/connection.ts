import {
  type CallToolResult,
  Client,
  type OAuthClientProvider,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Tool,
  type Transport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { BuiltinTools, type McpConnectionState } from '@parley/schema';
import type { FastifyBaseLogger } from 'fastify';
import { guardedFetch } from '../net/guarded-fetch.ts';
import {
  MCP_INSTRUCTIONS_MAX_CHARS,
  MCP_MAX_TOOLS_PER_SERVER,
  MCP_MESSAGE_MAX_BYTES,
  MCP_RESTART_BASE_MS,
  MCP_RESTART_MAX_ATTEMPTS,
  MCP_RESTART_MAX_MS,
  MCP_RESTART_STABLE_MS,
  MCP_TOOL_DESCRIPTION_MAX_CHARS,
  MCP_TOOL_OUTPUT_MAX_CHARS,
} from './limits.ts';
import { checkToolSchema } from './tool-schema.ts';

/** Where and how to reach one server, placeholders already filled for the user it is for. */
export type McpTarget =
  | { type: 'stdio'; command: string; args: string[]; env: Record<string, string> }
  | {
      type: 'sse' | 'streamable-http' | 'http' | 'websocket';
      url: string;
      headers: Record<string, string>;
      /** A user-given URL: no private addresses beyond ALLOWED_PRIVATE_HOSTS. */
      userGiven: boolean;
      /** The user's OAuth state for this server (servers that sign users in). */
      authProvider?: OAuthClientProvider;
    };

export interface McpConnectionOptions {
  /** The server's name (tools are `<tool>_mcp_<name>`). */
  name: string;
  target: McpTarget;
  initTimeoutMs: number;
  toolTimeoutMs: number;
  allowedPrivateHosts: readonly string[];
  log: FastifyBaseLogger;
}

/** A tool the server offers that passed the checks, with the schema the model gets. */
export interface McpTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** Model-facing names (provider function names) are letters, digits, `_` and `-`, at most 64. */
const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const BUILTIN_NAMES: ReadonlySet<string> = new Set(Object.values(BuiltinTools));

/** `value` with every secret replaced, for messages that leave the server or reach the model. */
export function redact(value: string, secrets: readonly string[]): string {
  let out = value;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('[redacted]');
  return out;
}

/** Why a failure happened, in words for the status API, logs and the model (the user's values scrubbed). */
function describe(err: unknown, secrets: readonly string[]): string {
  const msg = redact(err instanceof Error ? err.message : String(err), secrets);
  return msg.length > 300 ? `${msg.slice(0, 300)}…` : msg;
}

/**
 * One live connection to one MCP server (app-wide, or one user's). It connects on demand, keeps the
 * server's checked tool list fresh (notifications/tools/list_changed), and after a crash or a lost
 * connection reconnects with exponential backoff until MCP_RESTART_MAX_ATTEMPTS, then stays in
 * `error` until reinitialized. `close` ends it for good (a stdio child is terminated).
 */
export class McpConnection {
  state: McpConnectionState = 'disconnected';
  error: string | undefined;
  tools: McpTool[] = [];
  /** Tools left out, each with why (logged once per listing). */
  refused: { name: string; reason: string }[] = [];
  instructions: string | undefined;
  /** Restarts after a crash or lost connection since start (tests and the bench read it). */
  restarts = 0;
  /** The stdio child's pid while it runs. */
  pid: number | null = null;
  /** Tool calls in progress (the pool never closes a busy connection to make room). */
  inFlight = 0;
  /** The user's values this connection was opened with: scrubbed from every message that leaves. */
  secrets: string[] = [];
  /**
   * The server answered 401 with an OAuth challenge (a `WWW-Authenticate: Bearer …` header) while no
   * sign-in was configured: it wants each user to sign in (the manager then treats it as requiresOAuth).
   */
  oauthChallenged = false;

  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  private attempts = 0;
  private timer: NodeJS.Timeout | null = null;
  private connectedAt = 0;
  private closed = false;
  private readonly changeListeners = new Set<() => void>();

  constructor(readonly opts: McpConnectionOptions) {}

  get name(): string {
    return this.opts.name;
  }

  /** Called after each tools listing (tests wait on it; the pool does not need it). */
  onToolsChanged(fn: () => void): () => void {
    this.changeListeners.add(fn);
    return () => this.changeListeners.delete(fn);
  }

  /** Connected, or connecting now: wait for it. A server waiting out its backoff is not retried early. */
  async ensure(): Promise<void> {
    if (this.closed) throw new Error(`The MCP server "${this.name}" is closed.`);
    if (this.state === 'connected') return;
    if (this.state === 'requires_oauth') throw new Error(`Sign in to the MCP server "${this.name}" first.`);
    if (this.connecting) return this.connecting;
    if (this.timer)
      throw new Error(`The MCP server "${this.name}" is unavailable: ${this.error ?? 'restarting'}.`);
    return this.connect();
  }

  /** Start connecting (idempotent); failures schedule a retry and leave the reason in `error`. */
  connect(): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`The MCP server "${this.name}" is closed.`));
    if (!this.connecting) {
      this.connecting = this.open().finally(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  /** Drop the connection and the backoff, then connect again (POST …/reinitialize). */
  async reinitialize(): Promise<void> {
    this.clearTimer();
    this.attempts = 0;
    await this.dropClient();
    await this.connect();
  }

  async callTool(
    name: string,
    args: unknown,
    signal: AbortSignal,
  ): Promise<{ output: string; isError: boolean }> {
    this.inFlight++;
    try {
      await this.ensure();
      const client = this.client;
      if (!client) throw new Error(`The MCP server "${this.name}" is not connected.`);
      const result = (await client.callTool(
        { name, arguments: (args ?? {}) as Record<string, unknown> },
        { signal, timeout: this.opts.toolTimeoutMs, maxTotalTimeout: this.opts.toolTimeoutMs },
      )) as CallToolResult;
      return { output: resultText(result), isError: result.isError === true };
    } finally {
      this.inFlight--;
    }
  }

  async listPrompts() {
    await this.ensure();
    if (!this.client?.getServerCapabilities()?.prompts) return [];
    const { prompts } = await this.client.listPrompts(undefined, { timeout: this.opts.toolTimeoutMs });
    return prompts;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.clearTimer();
    await this.dropClient();
    this.state = 'disconnected';
  }

  private async open(): Promise<void> {
    this.state = 'connecting';
    this.error = undefined;
    this.oauthChallenged = false;
    const transport = this.transport();
    const client = new Client(
      { name: 'parley', version: '1.0.0' },
      {
        listChanged: {
          tools: {
            onChanged: (err, tools) => {
              if (err)
                this.opts.log.warn(
                  { server: this.name, err: describe(err, this.secrets) },
                  'mcp tools refresh failed',
                );
              else if (tools && this.client === client) this.setTools(tools);
            },
          },
        },
      },
    );
    try {
      await client.connect(transport, { timeout: this.opts.initTimeoutMs });
      const { tools } = await client.listTools(undefined, { timeout: this.opts.initTimeoutMs });
      if (this.closed) {
        await client.close().catch(() => {});
        return;
      }
      this.client = client;
      this.pid = transport instanceof StdioClientTransport ? transport.pid : null;
      const text = client.getInstructions();
      this.instructions = text ? text.slice(0, MCP_INSTRUCTIONS_MAX_CHARS) : undefined;
      this.setTools(tools);
      this.state = 'connected';
      this.connectedAt = Date.now();
      // Closing after a successful start (crash, server gone) reconnects with backoff.
      // (After the client's own handler, which fails the requests still waiting.)
      const clientOnClose = transport.onclose;
      transport.onclose = () => {
        clientOnClose?.();
        if (this.client === client) void this.lost(client, 'the connection closed');
      };
    } catch (err) {
      await client.close().catch(() => {});
      if (err instanceof UnauthorizedError || this.oauthChallenged) {
        // Waiting for the user to sign in (GET …/oauth/initiate): no retries until they have.
        this.state = 'requires_oauth';
        this.error = 'Sign-in required.';
      } else this.fail(describe(err, this.secrets));
      throw err;
    }
  }

  private transport(): Transport {
    const t = this.opts.target;
    if (t.type === 'stdio') {
      // The SDK's base environment is a fixed minimal list (HOME, LOGNAME, PATH, SHELL, TERM, USER),
      // never this process's secrets; the server's own `env` is added on top.
      return new StdioClientTransport({
        command: t.command,
        args: t.args,
        env: t.env,
        stderr: 'ignore',
        maxBufferSize: MCP_MESSAGE_MAX_BYTES,
      });
    }
    if (t.type === 'websocket')
      throw new Error('The websocket transport is not supported; use streamable-http or sse.');
    const guarded = remoteFetch(t.url, t.userGiven, this.opts.allowedPrivateHosts);
    const authProvider = t.authProvider;
    const fetch: typeof guarded = async (input, init) => {
      const res = await guarded(input, init);
      if (res.status === 401 && !authProvider && isOAuthChallenge(res.headers.get('www-authenticate')))
        this.oauthChallenged = true;
      return res;
    };
    const requestInit = { headers: t.headers };
    return t.type === 'sse'
      ? new SSEClientTransport(new URL(t.url), { fetch, requestInit, authProvider })
      : new StreamableHTTPClientTransport(new URL(t.url), { fetch, requestInit, authProvider });
  }

  private setTools(tools: Tool[]): void {
    const out: McpTool[] = [];
    const refused: { name: string; reason: string }[] = [];
    for (const tool of tools) {
      const key = `${tool.name}_mcp_${this.name}`;
      const schema = checkToolSchema(tool.inputSchema);
      let reason: string | null = null;
      if (BUILTIN_NAMES.has(tool.name)) reason = `its name collides with the built-in tool "${tool.name}"`;
      else if (!FUNCTION_NAME.test(key))
        reason = `"${key}" is not a valid function name (letters, digits, _ and -, at most 64)`;
      else if ('refused' in schema) reason = schema.refused;
      else if (out.length >= MCP_MAX_TOOLS_PER_SERVER)
        reason = `the server offers more than ${MCP_MAX_TOOLS_PER_SERVER} tools`;
      if (reason || 'refused' in schema) {
        refused.push({ name: tool.name.slice(0, 128), reason: reason ?? 'refused' });
        continue;
      }
      out.push({
        name: tool.name,
        description: (tool.description ?? '').slice(0, MCP_TOOL_DESCRIPTION_MAX_CHARS),
        inputSchema: schema.ok,
      });
    }
    for (const r of refused)
      this.opts.log.warn({ server: this.name, tool: r.name }, `mcp tool refused: ${r.reason}`);
    this.tools = out;
    this.refused = refused;
    for (const fn of this.changeListeners) fn();
  }

  private async lost(client: Client, why: string): Promise<void> {
    if (this.closed || this.client !== client) return;
    this.client = null;
    this.pid = null;
    await client.close().catch(() => {});
    // A connection that held for a while starts its backoff over.
    if (Date.now() - this.connectedAt >= MCP_RESTART_STABLE_MS) this.attempts = 0;
    this.opts.log.warn({ server: this.name }, `mcp server lost: ${why}`);
    this.fail(why);
  }

  /** Record the failure and schedule the next attempt, or give up after MCP_RESTART_MAX_ATTEMPTS. */
  private fail(why: string): void {
    this.error = why;
    if (this.closed) return;
    if (this.attempts >= MCP_RESTART_MAX_ATTEMPTS) {
      this.state = 'error';
      return;
    }
    // Never connected: shown as an error at once; lost after working: disconnected while it restarts.
    this.state = this.connectedAt === 0 ? 'error' : 'disconnected';
    const delay = restartDelay(this.attempts++);
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.restarts++;
      this.connect().catch(() => {});
    }, delay);
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async dropClient(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.pid = null;
    if (client) await client.close().catch(() => {});
  }
}

/**
 * The fetch a remote server (and its OAuth endpoints) is reached with: every answer size-bounded;
 * a user's URL may not reach private addresses, an admin's may reach its own host.
 */
export function remoteFetch(url: string, userGiven: boolean, allowedPrivateHosts: readonly string[]) {
  const host = new URL(url).hostname;
  return guardedFetch({
    allowedHosts: userGiven ? allowedPrivateHosts : [...allowedPrivateHosts, host],
    maxResponseBytes: MCP_MESSAGE_MAX_BYTES,
  });
}

/**
 * A 401's `WWW-Authenticate` that asks for an OAuth bearer token (RFC 6750 `Bearer`, or the MCP
 * authorization spec's `resource_metadata`); a bare 401 (a wrong static key) is not one.
 */
export function isOAuthChallenge(header: string | null): boolean {
  if (!header) return false;
  return /^\s*bearer\b/i.test(header) || /\bresource_metadata\s*=/i.test(header);
}

/** The wait before restart n (0-based): BASE · 2^n, capped at MAX. */
export function restartDelay(n: number): number {
  return Math.min(MCP_RESTART_BASE_MS * 2 ** n, MCP_RESTART_MAX_MS);
}

/** A tool result as text for the model: text parts joined, other parts named, bounded. */
export function resultText(result: CallToolResult): string {
  const parts: string[] = [];
  let size = 0;
  for (const c of result.content ?? []) {
    const text =
      c.type === 'text'
        ? c.text
        : c.type === 'resource' && 'text' in c.resource
          ? String(c.resource.text)
          : c.type === 'resource_link'
            ? `[resource: ${c.uri}]`
            : `[${c.type}${'mimeType' in c && c.mimeType ? `: ${c.mimeType}` : ''}]`;
    parts.push(text);
    size += text.length;
    if (size > MCP_TOOL_OUTPUT_MAX_CHARS) break;
  }
  if (parts.length === 0 && result.structuredContent) parts.push(JSON.stringify(result.structuredContent));
  const out = parts.join('\n');
  return out.length > MCP_TOOL_OUTPUT_MAX_CHARS
    ? `${out.slice(0, MCP_TOOL_OUTPUT_MAX_CHARS)}\n[output truncated at ${MCP_TOOL_OUTPUT_MAX_CHARS} characters]`
    : out;
}

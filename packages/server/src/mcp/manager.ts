import { auth } from '@modelcontextprotocol/client';
import {
  type McpConnectionState,
  McpUserServerConfig,
  mcpPluginKey,
  mcpToolKey,
  parseMcpToolKey,
} from '@parley/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { McpServersYaml } from '../config/mcp-config.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { McpServersRepo } from '../db/repos/mcp-servers.ts';
import type { ToolKeys } from '../tools/tool-keys.ts';
import type { ToolDef } from '../tools/types.ts';
import { McpConnection, type McpTarget, type McpTool, redact, remoteFetch } from './connection.ts';
import {
  MCP_DEFAULT_INIT_TIMEOUT_MS,
  MCP_DEFAULT_TOOL_TIMEOUT_MS,
  MCP_POOL_MIN_IDLE_MS,
  MCP_POOL_WAIT_MS,
  MCP_USER_CONNECTION_IDLE_MS,
  MCP_USER_CONNECTIONS_MAX,
  MCP_USER_STDIO_MAX,
} from './limits.ts';
import { mcpOAuthProvider, type OAuthSettings, readState } from './oauth.ts';
import { fill, fillRecord, USER_ID_PLACEHOLDER } from './placeholders.ts';
import { type McpServerDef, neededVars, userServerDef, yamlServerDefs } from './servers.ts';

export interface McpManagerDeps {
  yaml: McpServersYaml | undefined;
  userServers: McpServersRepo;
  toolKeys: ToolKeys;
  box: SecretBox;
  allowedPrivateHosts: readonly string[];
  log: FastifyBaseLogger;
  oauth: OAuthSettings;
  /** The pool's bounds (limits.ts by default; tests set small ones). */
  limits?: Partial<McpPoolLimits>;
}

export interface McpPoolLimits {
  /** Pooled per-user connections open at once (MCP_USER_CONNECTIONS_MAX). */
  connectionsMax: number;
  /** Of those, stdio children (MCP_USER_STDIO_MAX). */
  stdioMax: number;
  /** Unused this long before one may be closed to make room (MCP_POOL_MIN_IDLE_MS). */
  minIdleMs: number;
  /** How long a new connection waits for a slot (MCP_POOL_WAIT_MS). */
  waitMs: number;
}

/** One user's sign-in to one server, as GET /api/mcp/oauth/status/:flowId tells it. */
export interface McpOAuthFlow {
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  error?: string;
  /** What may be said about the tokens (never the tokens: they stay on the server). */
  tokens?: { token_type: string; expires_at?: number; scope?: string; has_refresh_token: boolean };
}

/** A user's pooled connection and when it was last used (for the idle sweep and the cap). */
interface Pooled {
  conn: McpConnection;
  usedAt: number;
}

/**
 * Owns every MCP connection (issue 16). App-wide servers from librechat.yaml have one connection
 * each, shared by all users (one process for stdio), opened in the background at start unless
 * `startup: false`. Servers that need a user's values (customUserVars placeholders) and users' own
 * servers get one connection per user, pooled (MCP_USER_CONNECTIONS_MAX, idle ones closed after
 * MCP_USER_CONNECTION_IDLE_MS). Nothing here blocks a chat that does not use MCP.
 */
export function mcpManager(deps: McpManagerDeps) {
  const yamlDefs = new Map(yamlServerDefs(deps.yaml).map((d) => [d.name, d]));
  const shared = new Map<string, McpConnection>();
  const pool = new Map<string, Pooled>();
  const limits: McpPoolLimits = {
    connectionsMax: MCP_USER_CONNECTIONS_MAX,
    stdioMax: MCP_USER_STDIO_MAX,
    minIdleMs: MCP_POOL_MIN_IDLE_MS,
    waitMs: MCP_POOL_WAIT_MS,
    ...deps.limits,
  };
  let closed = false;

  const poolKey = (userId: string, name: string) => `${userId}\u0000${name}`;

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, p] of pool)
      if (now - p.usedAt > MCP_USER_CONNECTION_IDLE_MS) {
        pool.delete(key);
        void p.conn.close();
      }
  }, 60_000);
  sweep.unref();

  function connection(def: McpServerDef, target: McpTarget): McpConnection {
    const conn = new McpConnection({
      name: def.name,
      target,
      initTimeoutMs: def.initTimeout ?? MCP_DEFAULT_INIT_TIMEOUT_MS,
      toolTimeoutMs: def.timeout ?? MCP_DEFAULT_TOOL_TIMEOUT_MS,
      allowedPrivateHosts: deps.allowedPrivateHosts,
      log: deps.log,
    });
    conn.secrets = [...(def.configSecrets ?? [])];
    return conn;
  }

  const oauthProvider = (userId: string, def: McpServerDef) =>
    mcpOAuthProvider({ repo: deps.userServers, box: deps.box, settings: deps.oauth }, userId, def);

  function target(def: McpServerDef, vars: Record<string, string>, userId?: string): McpTarget {
    if (def.type === 'stdio')
      return {
        type: 'stdio',
        command: def.command ?? '',
        args: (def.args ?? []).map((a) => fill(a, vars)),
        env: fillRecord(def.env, vars) ?? {},
      };
    return {
      type: def.type,
      url: fill(def.url ?? '', vars),
      headers: fillRecord(def.headers, vars) ?? {},
      userGiven: def.source === 'user',
      authProvider: def.requiresOAuth && userId ? oauthProvider(userId, def) : undefined,
    };
  }

  for (const def of yamlDefs.values())
    if (!def.perUser) shared.set(def.name, connection(def, target(def, {})));

  /** The user's values for a server's customUserVars ({} when none are stored). */
  const userVars = (userId: string, def: McpServerDef) => deps.toolKeys.get(userId, mcpPluginKey(def.name));

  async function missingVars(userId: string, def: McpServerDef): Promise<string[]> {
    const needed = neededVars(def);
    if (needed.length === 0) return [];
    const values = await userVars(userId, def);
    return needed.filter((n) => !values[n]);
  }

  async function userDefs(userId: string): Promise<McpServerDef[]> {
    const rows = await deps.userServers.list(userId);
    const out: McpServerDef[] = [];
    for (const row of rows) {
      try {
        const config = McpUserServerConfig.parse(JSON.parse(deps.box.open(row.config)));
        out.push(
          userServerDef(userId, row.name, config, { createdAt: row.created_at, updatedAt: row.updated_at }),
        );
      } catch {
        // Sealed with another CREDS_KEY or from an older shape: left out rather than failing the list.
        deps.log.warn({ server: row.name }, 'mcp: a user server could not be read');
      }
    }
    return out;
  }

  /**
   * An app-wide server without `requiresOAuth` whose shared connection was refused with an OAuth
   * challenge (401 + WWW-Authenticate) signs each user in from now on, as if the yaml said so: its
   * shared connection is closed and each user gets their own once signed in.
   */
  function detectOAuth(def: McpServerDef): void {
    if (def.requiresOAuth || def.source !== 'yaml' || def.type === 'stdio') return;
    const conn = shared.get(def.name);
    if (!conn?.oauthChallenged || conn.state !== 'requires_oauth') return;
    def.requiresOAuth = true;
    def.perUser = true;
    shared.delete(def.name);
    void conn.close();
    deps.log.info({ server: def.name }, 'mcp server asks users to sign in (OAuth detected)');
  }

  /** The user's connection to a per-user server, opening one (within the cap) when asked to. */
  async function pooled(userId: string, def: McpServerDef, open: boolean): Promise<McpConnection | null> {
    const key = poolKey(userId, def.name);
    const existing = pool.get(key);
    if (existing) {
      existing.usedAt = Date.now();
      return existing.conn;
    }
    if (!open || closed) return null;
    if ((await missingVars(userId, def)).length > 0) return null;
    const vars = { ...(await userVars(userId, def)), [USER_ID_PLACEHOLDER]: userId };
    // Re-check after the awaits: another request may have opened it meanwhile.
    const again = pool.get(key);
    if (again) return again.conn;
    let conn: McpConnection | null = null;
    await makeRoom(def.type === 'stdio', () => {
      // Another request may have opened it while this one waited.
      const opened = pool.get(key);
      if (closed) return;
      if (opened) {
        conn = opened.conn;
        return;
      }
      conn = connection(def, target(def, vars, userId));
      conn.secrets.push(...Object.values(vars).filter((v) => v !== userId));
      pool.set(key, { conn, usedAt: Date.now() });
    });
    return conn;
  }

  /**
   * Room for one more pooled connection, then `insert` (synchronously, so two callers cannot both
   * take the last slot). While the pool (or its stdio part) is full, the least recently used
   * connection that is idle (no call, not connecting, unused for MCP_POOL_MIN_IDLE_MS) is closed;
   * when there is none, it waits (at most MCP_POOL_WAIT_MS).
   */
  async function makeRoom(stdio: boolean, insert: () => void): Promise<void> {
    const end = Date.now() + limits.waitMs;
    const isStdio = (p: Pooled) => p.conn.opts.target.type === 'stdio';
    for (;;) {
      const entries = [...pool.entries()];
      const stdioFull = stdio && entries.filter(([, p]) => isStdio(p)).length >= limits.stdioMax;
      if (!stdioFull && pool.size < limits.connectionsMax) return insert();
      const now = Date.now();
      const idle = entries
        .filter(
          ([, p]) => (!stdioFull || isStdio(p)) && p.conn.inFlight === 0 && p.conn.state !== 'connecting',
        )
        .filter(([, p]) => now - p.usedAt >= limits.minIdleMs)
        .sort((a, b) => a[1].usedAt - b[1].usedAt)[0];
      if (idle) {
        pool.delete(idle[0]);
        void idle[1].conn.close();
        continue;
      }
      if (now > end) throw new Error('Too many MCP server connections are busy; try again shortly.');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const manager = {
    /** Connect the app-wide servers marked for startup, in the background. */
    start(): void {
      for (const def of yamlDefs.values()) {
        const conn = shared.get(def.name);
        if (conn && def.startup) conn.connect().catch(() => {});
      }
    },

    /** Every server this user may use: app-wide first, then their own. */
    async servers(userId: string): Promise<McpServerDef[]> {
      return [...yamlDefs.values(), ...(await userDefs(userId))];
    },

    async server(userId: string, name: string): Promise<McpServerDef | null> {
      const y = yamlDefs.get(name);
      if (y) return y;
      return (await userDefs(userId)).find((d) => d.name === name) ?? null;
    },

    isAppServer: (name: string) => yamlDefs.has(name),

    /** The connection serving this user (null: not open, and `open` was false or values are missing). */
    async connectionFor(userId: string, def: McpServerDef, open = true): Promise<McpConnection | null> {
      detectOAuth(def);
      if (!def.perUser) return shared.get(def.name) ?? null;
      return pooled(userId, def, open);
    },

    /** This user's view of a server's connection, opening nothing. */
    async status(userId: string, def: McpServerDef): Promise<{ state: McpConnectionState; error?: string }> {
      detectOAuth(def);
      const conn = await manager.connectionFor(userId, def, false);
      if (def.requiresOAuth && conn?.state !== 'connected') return { state: 'requires_oauth' };
      if (!conn) return { state: 'disconnected' };
      return { state: conn.state, error: conn.error ? redact(conn.error, conn.secrets) : undefined };
    },

    /** Which customUserVars the user has set (never the values). */
    async authValueFlags(userId: string, def: McpServerDef): Promise<Record<string, boolean>> {
      const values = await userVars(userId, def);
      return Object.fromEntries(neededVars(def).map((n) => [n, Boolean(values[n])]));
    },

    missingVars,

    /** Close the user's connection to a server (their values or the server's settings changed). */
    async forget(userId: string, name: string): Promise<void> {
      const key = poolKey(userId, name);
      const p = pool.get(key);
      pool.delete(key);
      await p?.conn.close();
    },

    /** Drop and reopen the connection this user uses (an app-wide one is reopened for everyone). */
    async reinitialize(userId: string, def: McpServerDef): Promise<McpConnection | null> {
      if (def.perUser) await manager.forget(userId, def.name);
      const conn = await manager.connectionFor(userId, def, true);
      if (!conn) return null;
      await (def.perUser ? conn.connect() : conn.reinitialize()).catch(() => {});
      return conn;
    },

    /**
     * The tools of these servers for one run (the composer's MCP selection, or an agent's keys):
     * each server is connected if it is not (bounded by its initTimeout); one that is down or lacks
     * the user's values gives no tools and its reason is logged, never thrown.
     */
    async toolDefs(
      userId: string,
      serverNames: readonly string[],
    ): Promise<{ tools: ToolDef[]; instructions: string[]; unavailable: string[] }> {
      const tools: ToolDef[] = [];
      const instructions: string[] = [];
      const unavailable: string[] = [];
      for (const name of new Set(serverNames)) {
        const def = await manager.server(userId, name);
        const conn = def ? await ready(userId, def) : null;
        if (!def || !conn) {
          unavailable.push(name);
          continue;
        }
        for (const t of conn.tools) tools.push(toolDef(userId, def, t));
        const text = instructionText(def, conn);
        if (text) instructions.push(text);
      }
      return { tools, instructions, unavailable };
    },

    /** One agent tool key `<tool>_mcp_<server>` (null: not an MCP key, unknown, or unavailable now). */
    async resolveKey(userId: string, key: string): Promise<ToolDef | null> {
      const parsed = parseMcpToolKey(key);
      if (!parsed) return null;
      const def = await manager.server(userId, parsed.server);
      const conn = def ? await ready(userId, def) : null;
      const tool = conn?.tools.find((t) => t.name === parsed.tool);
      return def && tool ? toolDef(userId, def, tool) : null;
    },

    /** Server instructions for the servers these keys use (each once). */
    async instructionsFor(userId: string, keys: readonly string[]): Promise<string[]> {
      const names = new Set(
        keys.map((k) => parseMcpToolKey(k)?.server).filter((s): s is string => Boolean(s)),
      );
      const out: string[] = [];
      for (const name of names) {
        const def = await manager.server(userId, name);
        if (!def?.serverInstructions) continue;
        // The server's own text needs it connected (the run is about to use it anyway).
        const conn = def.serverInstructions === true ? await ready(userId, def) : null;
        const text = instructionText(def, conn);
        if (text) out.push(text);
      }
      return out;
    },

    /** Tools already listed for this user (no connection is opened): the builder's list. */
    async cachedTools(userId: string): Promise<{ def: McpServerDef; tools: McpTool[] }[]> {
      const out: { def: McpServerDef; tools: McpTool[] }[] = [];
      for (const def of await manager.servers(userId)) {
        const conn = await manager.connectionFor(userId, def, false);
        out.push({ def, tools: conn?.state === 'connected' ? conn.tools : [] });
      }
      return out;
    },

    /**
     * Start (or skip) the user's sign-in to a server: the authorization URL to open, or null when
     * the stored tokens already work. Discovery, registration and PKCE are the SDK's `auth()`.
     */
    async oauthInitiate(userId: string, def: McpServerDef): Promise<string | null> {
      const provider = oauthProvider(userId, def);
      const url = fill(def.url ?? '', { [USER_ID_PLACEHOLDER]: userId });
      const result = await auth(provider, {
        serverUrl: url,
        fetchFn: remoteFetch(url, def.source === 'user', deps.allowedPrivateHosts),
      });
      if (result === 'AUTHORIZED') {
        await manager.forget(userId, def.name);
        return null;
      }
      return (await provider.load()).authorizationUrl ?? null;
    },

    /**
     * The browser came back from the authorization server: `state` names the user and server (and
     * must match the sign-in in progress); the code is exchanged for tokens, and the user's
     * connection opens again with them. Null when the state is not one we issued.
     */
    async oauthCallback(
      state: string,
      code: string,
      boundUserId: string | null,
    ): Promise<{ userId: string; server: string } | null> {
      const v = readState(deps.oauth.stateKey, state);
      // Only in the browser that started it (POST …/oauth/bind), for the user who did.
      if (!v || v.u !== boundUserId) return null;
      const def = await manager.server(v.u, v.s);
      if (!def?.requiresOAuth) return null;
      const provider = oauthProvider(v.u, def);
      if ((await provider.load()).nonce !== v.n) return null;
      const url = fill(def.url ?? '', { [USER_ID_PLACEHOLDER]: v.u });
      try {
        await auth(provider, {
          serverUrl: url,
          authorizationCode: code,
          fetchFn: remoteFetch(url, def.source === 'user', deps.allowedPrivateHosts),
        });
      } catch (err) {
        await provider.update({ verifier: undefined, nonce: undefined, failed: 'The sign-in was refused.' });
        throw err;
      }
      await manager.forget(v.u, def.name);
      void manager.connectionFor(v.u, def).then((c) => c?.connect().catch(() => {}));
      return { userId: v.u, server: def.name };
    },

    /** The state of this user's sign-in to a server (null: none was ever started). */
    async oauthFlow(userId: string, def: McpServerDef): Promise<McpOAuthFlow | null> {
      if (!def.requiresOAuth) return null;
      const s = await oauthProvider(userId, def).load();
      const tokens = s.tokens
        ? {
            token_type: s.tokens.token_type,
            expires_at:
              s.tokens.expires_in && s.tokensAt ? s.tokensAt + s.tokens.expires_in * 1000 : undefined,
            scope: s.tokens.scope,
            has_refresh_token: Boolean(s.tokens.refresh_token),
          }
        : undefined;
      if (s.failed) return { status: 'FAILED', error: s.failed, tokens };
      if (s.verifier || s.nonce) return { status: 'PENDING', tokens };
      if (tokens) return { status: 'COMPLETED', tokens };
      return null;
    },

    /** End this user's sign-in in progress: its callback is refused from now on. False: none was. */
    async oauthCancel(userId: string, def: McpServerDef): Promise<boolean> {
      if (!def.requiresOAuth) return false;
      const provider = oauthProvider(userId, def);
      const s = await provider.load();
      if (!s.verifier && !s.nonce) return false;
      await provider.update({
        verifier: undefined,
        nonce: undefined,
        authorizationUrl: undefined,
        failed: 'User cancelled OAuth flow',
      });
      return true;
    },

    /**
     * Forget the user's sign-in to a server (tokens, registered client, a sign-in in progress) and
     * close their connection: the next use asks them to sign in again.
     */
    async revokeOAuth(userId: string, name: string): Promise<void> {
      await deps.userServers.oauthDelete(userId, name);
      await manager.forget(userId, name);
    },

    /** The shared connections (tests and the bench look at pids and restarts). */
    sharedConnection: (name: string) => shared.get(name) ?? null,
    pooledCount: () => pool.size,

    /** End every connection: stdio children are terminated (app shutdown). */
    async close(): Promise<void> {
      closed = true;
      clearInterval(sweep);
      const all = [...shared.values(), ...[...pool.values()].map((p) => p.conn)];
      pool.clear();
      await Promise.all(all.map((c) => c.close()));
    },
  };

  /** The connection, connected (waiting for a connect in progress); null when it cannot be had now. */
  async function ready(userId: string, def: McpServerDef): Promise<McpConnection | null> {
    const conn = await manager.connectionFor(userId, def, true);
    if (!conn) return null;
    try {
      await conn.ensure();
      return conn;
    } catch (err) {
      deps.log.warn({ server: def.name, err: redact(String(err), conn.secrets) }, 'mcp server unavailable');
      return null;
    }
  }

  function toolDef(userId: string, def: McpServerDef, tool: McpTool): ToolDef {
    return {
      name: mcpToolKey(tool.name, def.name),
      description: tool.description || `${tool.name} (MCP server ${def.title ?? def.name})`,
      inputSchema: tool.inputSchema,
      async run(args, ctx) {
        // Looked up again at call time: a pooled connection may have been replaced since the run began.
        const conn = await manager.connectionFor(userId, def, true);
        if (!conn) return { output: `The MCP server "${def.name}" is not available.`, isError: true };
        try {
          return await conn.callTool(tool.name, args, ctx.signal);
        } catch (err) {
          const msg = redact(err instanceof Error ? err.message : String(err), conn.secrets);
          return { output: `The MCP server "${def.name}" failed: ${msg}`, isError: true };
        }
      },
    };
  }

  return manager;
}
export type McpManager = ReturnType<typeof mcpManager>;

/** `serverInstructions`: true = the server's own, a string = that text; under a heading naming the server. */
function instructionText(def: McpServerDef, conn: McpConnection | null): string | null {
  const text =
    typeof def.serverInstructions === 'string'
      ? def.serverInstructions
      : def.serverInstructions === true
        ? conn?.instructions
        : undefined;
  return text?.trim() ? `## ${def.title ?? def.name} (MCP server) instructions\n${text.trim()}` : null;
}

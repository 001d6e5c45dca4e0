import type { FastifyBaseLogger } from 'fastify';
import { type AvatarStore, avatarStore } from './account/avatars.ts';
import { actionTools } from './actions/tool-provider.ts';
import { type AdminUsers, adminUsers } from './admin/users.ts';
import { agentContextText } from './agents/context-files.ts';
import { type EmailLinks, emailLinks } from './auth/email-links.ts';
import { type CookiePolicy, type SessionService, sessionService } from './auth/sessions.ts';
import { type SignInClient, signInClients } from './auth/sso/clients.ts';
import { type TokenService, tokenService } from './auth/tokens.ts';
import { type TwoFactorService, twoFactorService } from './auth/two-factor/service.ts';
import { type TwoFactorTempTokens, twoFactorTempTokens } from './auth/two-factor/temp-token.ts';
import { type BalanceService, balanceService } from './balance/service.ts';
import type { ChatFiles } from './chat/attachments.ts';
import { type TitleTracker, titleTracker } from './chat/title-tracker.ts';
import { type ConversationCode, conversationCode } from './code/conversation.ts';
import { createCodeExecutor } from './code/executor.ts';
import { startSessionSweep } from './code/session-sweep.ts';
import type { CodeExecutor } from './code/types.ts';
import { type AgentsConfig, resolveAgentsConfig } from './config/agents-config.ts';
import type { AppConfig } from './config/env.ts';
import { resolveFileConfig, type ServerFileConfig } from './config/file-config.ts';
import { BalanceConfig, loadYamlConfig, type YamlConfig } from './config/yaml.ts';
import { type SecretBox, secretBox } from './crypto/secret-box.ts';
import { type Db, type Dialect, openDatabase } from './db/index.ts';
import { createRepos, type Repos } from './db/repos/index.ts';
import type { AgentsTable } from './db/schema.ts';
import { type Mailer, smtpMailer } from './email/mailer.ts';
import { chatFiles } from './files/chat-files.ts';
import { codeFiles } from './files/code-files.ts';
import { type ExtractPool, extractPool } from './files/extract/pool.ts';
import type { FileProcessor } from './files/processor.ts';
import { embedder, embeddingsTarget } from './files/rag/embed.ts';
import { type ReembedJob, startReembedJob } from './files/rag/reembed.ts';
import { ragFileProcessor } from './files/rag-processor.ts';
import { type FileStorage, localFileStorage } from './files/storage.ts';
import { type GenerationStore, generationStore } from './generation/store.ts';
import { type ImportJobs, importJobs } from './import/import-job.ts';
import { type AbuseControls, abuseControls } from './limits/abuse.ts';
import { redisStore } from './limits/redis-store.ts';
import { memoryStore } from './limits/store.ts';
import { type McpManager, mcpManager } from './mcp/manager.ts';
import { mcpToolProvider } from './mcp/tool-provider.ts';
import { buildCatalog, type EndpointDef } from './providers/catalog.ts';
import { type ProviderRegistry, providerRegistry } from './providers/index.ts';
import { modelLists } from './providers/model-list.ts';
import { startRetentionJob } from './retention/temporary-chats.ts';
import { executeCodeTools } from './tools/execute-code.ts';
import { builtinTools } from './tools/file-search.ts';
import { type ToolRegistry, toolRegistry } from './tools/registry.ts';
import { type ToolKeys, toolKeys } from './tools/tool-keys.ts';
import type { ToolProvider } from './tools/types.ts';
import { resolveWebSearchConfig, webSearchTools } from './tools/web-search/index.ts';

/**
 * Every service the app uses, built once by buildServices and handed to each route plugin as its
 * `ctx` option. Flat on purpose: a route reads `ctx.box` or `ctx.db`, never a context inside a
 * context, and a new route author finds every service here.
 */
export interface Services {
  config: AppConfig;
  yaml: YamlConfig;
  log: FastifyBaseLogger;
  /** The Kysely instance. */
  db: Db;
  dialect: Dialect;
  repos: Repos;
  tokens: TokenService;
  sessions: SessionService;
  /** How the auth cookies are set (Secure only when the server is reached over HTTPS). */
  cookie: CookiePolicy;
  /** Secrets at rest (user keys, two-factor secrets, sign-in flow cookies). */
  box: SecretBox;
  catalog: EndpointDef[];
  /** GET /api/models: configured models plus fetched lists, cached. */
  modelLists: ReturnType<typeof modelLists>;
  providers: ProviderRegistry;
  generations: GenerationStore;
  titles: TitleTracker;
  balance: BalanceService;
  rates?: BalanceConfig['rates'];
  modelSpecs?: YamlConfig['modelSpecs'];
  allowedPrivateHosts: string[];
  maxRetries: number;
  /** Give up on a provider that sends nothing for this long (ms); see PROVIDER_IDLE_TIMEOUT_MS. */
  idleTimeoutMs?: number;
  /** Hours a temporary chat (isTemporary) is kept before the retention job removes it. */
  tempChatRetentionHours: number;
  /** librechat.yaml `endpoints.agents` with its defaults (issue 15). */
  agentsConfig: AgentsConfig;
  /** The text of an agent's context and OCR files, for its instructions (agents/context-files.ts). */
  agentContext: (agent: AgentsTable) => Promise<string>;
  /** The tools agents may call (tools/registry.ts): built-ins; web search, actions and MCP register theirs. */
  tools: ToolRegistry;
  /** Rate limits, violation scores and temporary bans (limits/abuse.ts). */
  abuse: AbuseControls;
  /** SMTP sender; null when EMAIL_* is not configured. */
  mailer: Mailer | null;
  emailLinks: EmailLinks;
  avatars: AvatarStore;
  /** The short-lived token of a sign-in waiting for its second factor. */
  twoFactorTemp: TwoFactorTempTokens;
  twoFactor: TwoFactorService;
  importJobs: ImportJobs;
  adminUsers: AdminUsers;
  /** OpenID and social sign-in by /oauth/:provider name. */
  signInClients: Map<string, SignInClient>;
  /** Uploaded and generated files' bytes (DATA_DIR/files). */
  fileStorage: FileStorage;
  /** librechat.yaml fileConfig merged with the defaults, in bytes, plus the quota. */
  fileConfig: ServerFileConfig;
  /** Text extraction and file search indexing (files/rag) for uploaded documents. */
  fileProcessor: FileProcessor;
  /** The extraction threads: documents' text (through fileProcessor) and HEIC images' pixels. */
  extractor: ExtractPool;
  /** Attached files for chats: ownership, bytes, texts and file search (chat/attachments.ts). */
  chatFiles: ChatFiles;
  /**
   * Embeds again the files whose chunks were embedded with another model or none (after the
   * embedding model changed, or embeddings failed at upload); null without embeddings.
   */
  fileReembed: ReembedJob | null;
  /** Keys users gave tools (tool auth: POST /api/user/plugins), sealed in user_keys. */
  toolKeys: ToolKeys;
  /** The web_search tool (librechat.yaml `webSearch`); the agents' tool registry serves it. */
  webSearch: ToolProvider;
  /** MCP servers (librechat.yaml `mcpServers` and users' own): connections, tools, status (mcp/). */
  mcp: McpManager;
  /** The code sandbox (code/, docs/sandbox.md): availability, runs, sessions. */
  codeExecutor: CodeExecutor;
  /** Code runs of conversations (the run button, execute_code): sessions, files in and out. */
  code: ConversationCode;
}

/**
 * Open the database and build every service once. `close` ends them in dependency order: the
 * background work that writes (retention, imports, generations) before the stores it writes to.
 */
export async function buildServices(
  config: AppConfig,
  log: FastifyBaseLogger,
): Promise<{ services: Services; close: () => Promise<void> }> {
  const { config: yaml, warnings } = loadYamlConfig(config.configPath, config.env);
  for (const w of warnings) log.warn(w);

  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    onIdleError: (err) => log.warn({ err }, 'database connection lost while idle'),
  });
  const { db } = handle;
  const repos = createRepos(db);
  await repos.roles.seedDefaults();
  const tokens = tokenService({ jwtSecret: config.jwtSecret, refreshSecret: config.jwtRefreshSecret });
  const mailer = config.email ? smtpMailer(config.email) : null;
  // With Redis, every instance sees the same counters, scores and IP bans.
  const limitStore = config.redisUrl
    ? redisStore(config.redisUrl, config.redisKeyPrefix, (err) => log.warn({ err }, 'redis error'))
    : memoryStore();
  const box = secretBox(config.credsKey);
  const catalog = buildCatalog(config.env, yaml);
  const fileStorage = localFileStorage(config.dataDir);
  // Extraction threads start on the first document or HEIC image; embeddings are optional (full text otherwise).
  const extractor = extractPool();
  const target = embeddingsTarget({ env: config.env, yaml: yaml.fileConfig?.embeddings, catalog });
  const embed = target ? embedder(target) : null;
  const fileConfig = resolveFileConfig(yaml.fileConfig, config.fileStorageQuotaBytes, target);
  const agentsConfig = resolveAgentsConfig(yaml.endpoints?.agents);
  const files = chatFiles({ db, dialect: handle.dialect, storage: fileStorage, embedder: embed, fileConfig });
  const userToolKeys = toolKeys({ keys: repos.keys, box });
  const webSearch = webSearchTools({
    config: resolveWebSearchConfig(yaml.webSearch, config.env),
    toolKeys: userToolKeys,
    builtin: {
      allowedPrivateHosts: config.allowedPrivateHosts,
      // Pages are parsed in the extraction threads, like uploaded HTML files.
      htmlToText: async (bytes) => (await extractor.extract(bytes, 'text/html')).text,
    },
  });

  const mcp = mcpManager({
    yaml: yaml.mcpServers,
    userServers: repos.mcpServers,
    toolKeys: userToolKeys,
    box,
    allowedPrivateHosts: config.allowedPrivateHosts,
    log,
    // The state is signed with a key derived from the JWT secret (never the secret itself).
    oauth: { redirectBase: config.domainServer, stateKey: `mcp-oauth-state:${config.jwtSecret}` },
  });

  // Probed on first use (availability), not here: a start never waits for a sandbox.
  const executor = createCodeExecutor(config.code);
  const code = conversationCode({
    executor,
    // Session ids are keyed by a secret derived from the JWT secret (never the secret itself).
    sessionKey: `code-session:${config.jwtSecret}`,
    files: codeFiles({
      db,
      storage: fileStorage,
      quotaBytes: fileConfig.quotaBytes,
      listed: (ids) => repos.agents.files(ids),
    }),
  });

  const services: Services = {
    config,
    yaml,
    log,
    db,
    dialect: handle.dialect,
    repos,
    tokens,
    sessions: sessionService(repos, tokens),
    cookie: { secure: config.nodeEnv === 'production' && config.domainServer.startsWith('https://') },
    box,
    catalog,
    modelLists: modelLists(catalog, log),
    providers: providerRegistry(),
    generations: generationStore(),
    titles: titleTracker(),
    balance: balanceService(BalanceConfig.parse(yaml.balance ?? {})),
    rates: yaml.balance?.rates,
    modelSpecs: yaml.modelSpecs,
    allowedPrivateHosts: config.allowedPrivateHosts,
    maxRetries: config.providerMaxRetries,
    idleTimeoutMs: config.providerIdleTimeoutMs,
    tempChatRetentionHours: yaml.interface?.temporaryChatRetention ?? config.tempChatRetentionHours,
    agentsConfig,
    agentContext: (agent) => agentContextText({ db }, agent),
    // Knowledge files are read by the ids the agent lists, whoever uploaded them.
    tools: toolRegistry(agentsConfig.capabilities, [
      builtinTools({ ...files, listed: (ids) => repos.agents.files(ids) }),
      webSearch,
      mcpToolProvider(mcp),
      actionTools({
        box,
        actions: repos.actions,
        domainServer: config.domainServer,
        allowedPrivateHosts: config.allowedPrivateHosts,
        allowedDomains: yaml.actions?.allowedDomains,
      }),
      executeCodeTools(code),
    ]),
    abuse: abuseControls({ config: config.limits, store: limitStore, users: repos.users, log }),
    mailer,
    emailLinks: emailLinks({ config, repos, mailer, log }),
    avatars: avatarStore(config.dataDir),
    twoFactorTemp: twoFactorTempTokens(config.jwtSecret),
    twoFactor: twoFactorService({
      repo: repos.twoFactor,
      box,
      credsKey: config.credsKey,
      issuer: config.appTitle,
    }),
    importJobs: importJobs(db, log),
    adminUsers: adminUsers(db),
    signInClients: signInClients(config.sso),
    fileStorage,
    fileConfig,
    fileProcessor: ragFileProcessor({ db, dialect: handle.dialect, extractor, embedder: embed }),
    extractor,
    chatFiles: files,
    fileReembed: embed ? startReembedJob({ db, dialect: handle.dialect, embedder: embed, log }) : null,
    toolKeys: userToolKeys,
    webSearch,
    mcp,
    codeExecutor: executor,
    code,
  };
  // App-wide MCP servers connect in the background: boot and chats never wait for them.
  mcp.start();

  // Temporary chats are removed once they expire: at start, then every hour.
  const retention = startRetentionJob(db, log);
  // Idle sandbox sessions (deleted conversations' among them) are removed: at start, then hourly.
  const codeSweep = startSessionSweep(executor, log);

  const close = async () => {
    retention.stop();
    await retention.running();
    codeSweep.stop();
    await codeSweep.running();
    // Aborts the current embeddings call: close does not wait for a long re-embedding.
    await services.fileReembed?.stop();
    await services.importJobs.idle();
    await services.generations.close();
    // After the generations: no run is left to call a tool; stdio children are terminated.
    await mcp.close();
    await executor.close();
    await extractor.close();
    mailer?.close();
    await limitStore.close();
    await handle.close();
  };
  return { services, close };
}

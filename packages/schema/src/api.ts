/** The API map (DESIGN §4): the only place paths are spelled. */
export const paths = {
  health: '/health',
  config: '/api/config',
  endpoints: '/api/endpoints',
  models: '/api/models',
  register: '/api/auth/register',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  refresh: '/api/auth/refresh',
  twoFactorEnable: '/api/auth/2fa/enable',
  twoFactorVerify: '/api/auth/2fa/verify',
  twoFactorConfirm: '/api/auth/2fa/confirm',
  twoFactorDisable: '/api/auth/2fa/disable',
  twoFactorRegenerate: '/api/auth/2fa/backup/regenerate',
  twoFactorVerifyTemp: '/api/auth/2fa/verify-temp',
  requestPasswordReset: '/api/auth/requestPasswordReset',
  resetPassword: '/api/auth/resetPassword',
  verifyEmail: '/api/user/verify',
  resendVerification: '/api/user/verify/resend',
  user: '/api/user',
  userTerms: '/api/user/terms',
  userTermsAccept: '/api/user/terms/accept',
  avatarUpload: '/api/files/images/avatar',
  files: '/api/files',
  fileImages: '/api/files/images',
  fileConfig: '/api/files/config',
  file: (fileId: string) => `/api/files/${encodeURIComponent(fileId)}`,
  fileDownload: (userId: string, fileId: string) =>
    `/api/files/download/${encodeURIComponent(userId)}/${encodeURIComponent(fileId)}`,
  role: (name: string) => `/api/roles/${encodeURIComponent(name)}`,
  rolePermissions: (name: string, slug: string) =>
    `/api/roles/${encodeURIComponent(name)}/${encodeURIComponent(slug)}`,
  banner: '/api/banner',
  adminUsers: '/api/admin/users',
  adminUser: (id: string) => `/api/admin/users/${encodeURIComponent(id)}`,
  adminUserRole: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/role`,
  adminUserBan: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/ban`,
  adminUserBalance: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/balance`,
  adminUsage: '/api/admin/usage',
  adminBanners: '/api/admin/banners',
  adminBanner: (id: string) => `/api/admin/banners/${encodeURIComponent(id)}`,
  convos: '/api/convos',
  convo: (id: string) => `/api/convos/${encodeURIComponent(id)}`,
  convoUpdate: '/api/convos/update',
  convoArchive: '/api/convos/archive',
  convoDuplicate: '/api/convos/duplicate',
  convoFork: '/api/convos/fork',
  convosAll: '/api/convos/all',
  genTitle: (id: string) => `/api/convos/gen_title/${encodeURIComponent(id)}`,
  messages: (conversationId: string) => `/api/messages/${encodeURIComponent(conversationId)}`,
  messageSearch: '/api/messages',
  /** POST: replace an artifact's code inside a reply (doc 3 §7). */
  messageArtifact: (messageId: string) => `/api/messages/artifact/${encodeURIComponent(messageId)}`,
  message: (conversationId: string, messageId: string) =>
    `/api/messages/${encodeURIComponent(conversationId)}/${encodeURIComponent(messageId)}`,
  chat: '/api/chat',
  chatActive: '/api/chat/active',
  chatStream: (streamId: string) => `/api/chat/stream/${encodeURIComponent(streamId)}`,
  chatAbort: '/api/chat/abort',
  keys: '/api/keys',
  balance: '/api/balance',
  presets: '/api/presets',
  preset: (id: string) => `/api/presets/${encodeURIComponent(id)}`,
  sharedLinks: '/api/share',
  sharedLink: (shareId: string) => `/api/share/${encodeURIComponent(shareId)}`,
  sharedLinkFor: (conversationId: string) => `/api/share/link/${encodeURIComponent(conversationId)}`,
  shareConversation: (conversationId: string) => `/api/share/${encodeURIComponent(conversationId)}`,
  convosImport: '/api/convos/import',
  convosImportJob: (jobId: string) => `/api/convos/import/${encodeURIComponent(jobId)}`,
  tags: '/api/tags',
  tag: (tag: string) => `/api/tags/${encodeURIComponent(tag)}`,
  convoTags: (conversationId: string) => `/api/tags/convo/${encodeURIComponent(conversationId)}`,
  // Agents (issue 15): LibreChat's routes, so its clients keep working (docs/decisions.md).
  agents: '/api/agents',
  agent: (id: string) => `/api/agents/${encodeURIComponent(id)}`,
  agentExpanded: (id: string) => `/api/agents/${encodeURIComponent(id)}/expanded`,
  agentDuplicate: (id: string) => `/api/agents/${encodeURIComponent(id)}/duplicate`,
  agentVersions: (id: string) => `/api/agents/${encodeURIComponent(id)}/versions`,
  agentRevert: (id: string) => `/api/agents/${encodeURIComponent(id)}/revert`,
  agentUsage: (id: string) => `/api/agents/${encodeURIComponent(id)}/usage`,
  agentAvatar: (id: string) => `/api/files/images/agents/${encodeURIComponent(id)}/avatar`,
  agentFiles: (id: string) => `/api/files/agent/${encodeURIComponent(id)}`,
  agentCategories: '/api/agents/categories',
  agentTools: '/api/agents/tools',
  agentToolCalls: '/api/agents/tools/calls',
  agentImport: '/api/agents/import',
  /** Whether the user has the keys a tool needs (tool auth). */
  agentToolAuth: (toolId: string) => `/api/agents/tools/${encodeURIComponent(toolId)}/auth`,
  /** POST: run a tool directly (execute_code on a code block). */
  agentToolCall: (toolId: string) => `/api/agents/tools/${encodeURIComponent(toolId)}/call`,
  /** Install (store keys) or uninstall (remove them) a tool for the user. */
  userPlugins: '/api/user/plugins',
  chatApproval: '/api/chat/approval',
  // MCP servers (issue 16): LibreChat's routes (schema in mcp.ts).
  mcpTools: '/api/mcp/tools',
  mcpServers: '/api/mcp/servers',
  mcpServer: (serverName: string) => `/api/mcp/servers/${encodeURIComponent(serverName)}`,
  mcpReinitialize: (serverName: string) => `/api/mcp/${encodeURIComponent(serverName)}/reinitialize`,
  mcpConnectionStatus: '/api/mcp/connection/status',
  mcpServerConnectionStatus: (serverName: string) =>
    `/api/mcp/connection/status/${encodeURIComponent(serverName)}`,
  mcpAuthValues: (serverName: string) => `/api/mcp/${encodeURIComponent(serverName)}/auth-values`,
  mcpPrompts: (serverName: string) => `/api/mcp/${encodeURIComponent(serverName)}/prompts`,
  mcpOAuthInitiate: (serverName: string) => `/api/mcp/${encodeURIComponent(serverName)}/oauth/initiate`,
  mcpOAuthCallback: (serverName: string) => `/api/mcp/${encodeURIComponent(serverName)}/oauth/callback`,
  /** POST: ties the sign-in to this browser (a cookie the callback checks) before the window opens. */
  mcpOAuthBind: (serverName: string) => `/api/mcp/${encodeURIComponent(serverName)}/oauth/bind`,
  mcpOAuthCancel: (serverName: string) => `/api/mcp/oauth/cancel/${encodeURIComponent(serverName)}`,
  mcpOAuthStatus: (flowId: string) => `/api/mcp/oauth/status/${encodeURIComponent(flowId)}`,
  mcpOAuthTokens: (flowId: string) => `/api/mcp/oauth/tokens/${encodeURIComponent(flowId)}`,
  // Actions (issue 16): LibreChat's routes, plus validate (docs/decisions.md).
  /** GET: the actions of the user's agents. */
  agentActions: '/api/agents/actions',
  /** POST: add or update an action of the agent (answers [agent, action]). */
  agentAction: (agentId: string) => `/api/agents/actions/${encodeURIComponent(agentId)}`,
  /** DELETE: remove the action and its tools from the agent. */
  agentActionDelete: (agentId: string, actionId: string) =>
    `/api/agents/actions/${encodeURIComponent(agentId)}/${encodeURIComponent(actionId)}`,
  actionValidate: '/api/actions/validate',
  /** POST before opening an action's sign-in link: binds the browser to the user (callback check). */
  actionOAuthBind: (actionId: string) => `/api/actions/${encodeURIComponent(actionId)}/oauth/bind`,
  actionOAuthCallback: (actionId: string) => `/api/actions/${encodeURIComponent(actionId)}/oauth/callback`,
  // Prompt library (issue 18): LibreChat's routes, plus sharing with chosen users, export and import.
  /** GET: a group's versions (`?groupId=`), newest first; POST: a new group with its first version. */
  prompts: '/api/prompts',
  /** GET: one version; DELETE (`?groupId=`): a version (the group goes with its last). */
  prompt: (promptId: string) => `/api/prompts/${encodeURIComponent(promptId)}`,
  /** PATCH: make this version the group's production. */
  promptProduction: (promptId: string) => `/api/prompts/${encodeURIComponent(promptId)}/tags/production`,
  /** GET: the groups the user may see, paged; `name` searches, `category` filters. */
  promptGroups: '/api/prompts/groups',
  /** GET, PATCH (fields and share-to-all), DELETE. */
  promptGroup: (groupId: string) => `/api/prompts/groups/${encodeURIComponent(groupId)}`,
  /** POST: a new version of the group. */
  promptGroupPrompts: (groupId: string) => `/api/prompts/groups/${encodeURIComponent(groupId)}/prompts`,
  /** POST: count a use (30 per minute per user). */
  promptGroupUse: (groupId: string) => `/api/prompts/groups/${encodeURIComponent(groupId)}/use`,
  /** GET, PUT: the chosen users the group is shared with. */
  promptGroupShares: (groupId: string) => `/api/prompts/groups/${encodeURIComponent(groupId)}/shares`,
  /** GET: every usable group for the `/` popover (bounded). */
  promptsAll: '/api/prompts/all',
  /** GET `?email=`: find a user to share with. */
  promptUsers: '/api/prompts/users',
  /** GET: the user's own groups with all versions, as JSON. */
  promptsExport: '/api/prompts/export',
  /** POST: groups from an export, in one transaction. */
  promptsImport: '/api/prompts/import',
  /** GET: the prompt categories as label/value. */
  categories: '/api/categories',
} as const;

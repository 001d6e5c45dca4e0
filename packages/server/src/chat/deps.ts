import type { Services } from '../services.ts';

/** What the submission pipeline needs: its slice of the app's services (services.ts). */
export type ChatDeps = Pick<
  Services,
  | 'db'
  | 'repos'
  | 'catalog'
  | 'providers'
  | 'generations'
  | 'titles'
  | 'box'
  | 'balance'
  | 'rates'
  | 'modelSpecs'
  | 'allowedPrivateHosts'
  | 'maxRetries'
  | 'idleTimeoutMs'
  | 'tempChatRetentionHours'
  | 'log'
  | 'chatFiles'
  | 'agentsConfig'
  | 'tools'
  | 'agentContext'
  | 'mcp'
>;

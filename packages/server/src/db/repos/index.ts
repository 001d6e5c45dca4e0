import type { Db } from '../index.ts';
import { actionsRepo } from './actions.ts';
import { agentsRepo } from './agents.ts';
import { authTokensRepo } from './auth-tokens.ts';
import { bannersRepo } from './banners.ts';
import { conversationsRepo } from './conversations.ts';
import { filesRepo } from './files.ts';
import { identitiesRepo } from './identities.ts';
import { keysRepo } from './keys.ts';
import { mcpServersRepo } from './mcp-servers.ts';
import { messagesRepo } from './messages.ts';
import { presetsRepo } from './presets.ts';
import { promptsRepo } from './prompts.ts';
import { rolesRepo } from './roles.ts';
import { sessionsRepo } from './sessions.ts';
import { sharedLinksRepo } from './shared-links.ts';
import { tagsRepo } from './tags.ts';
import { toolCallsRepo } from './tool-calls.ts';
import { twoFactorRepo } from './two-factor.ts';
import { usersRepo } from './users.ts';

export function createRepos(db: Db) {
  return {
    users: usersRepo(db),
    sessions: sessionsRepo(db),
    roles: rolesRepo(db),
    conversations: conversationsRepo(db),
    messages: messagesRepo(db),
    keys: keysRepo(db),
    mcpServers: mcpServersRepo(db),
    presets: presetsRepo(db),
    sharedLinks: sharedLinksRepo(db),
    tags: tagsRepo(db),
    authTokens: authTokensRepo(db),
    banners: bannersRepo(db),
    identities: identitiesRepo(db),
    twoFactor: twoFactorRepo(db),
    files: filesRepo(db),
    agents: agentsRepo(db),
    actions: actionsRepo(db),
    toolCalls: toolCallsRepo(db),
    prompts: promptsRepo(db),
  };
}
export type Repos = ReturnType<typeof createRepos>;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../services.ts';
import { actionCallbackRoutes, actionRoutes, agentActionRoutes } from './actions.ts';
import { adminRoutes } from './admin.ts';
import { agentAvatarRoutes, publicAgentAvatarRoutes } from './agent-avatar.ts';
import { agentToolRoutes } from './agent-tools.ts';
import { agentRoutes } from './agents.ts';
import { authRoutes } from './auth.ts';
import { avatarRoutes, publicAvatarRoutes } from './avatars.ts';
import { balanceRoutes } from './balance.ts';
import { bannerRoutes } from './banner.ts';
import { chatRoutes } from './chat.ts';
import { configRoutes, publicConfigRoutes } from './config.ts';
import { convoRoutes } from './convos/index.ts';
import { passwordResetRoutes, verifyEmailRoutes } from './email-auth.ts';
import { fileRoutes } from './files.ts';
import { keyRoutes } from './keys.ts';
import { mcpOAuthCallbackRoutes, mcpRoutes } from './mcp.ts';
import { messageRoutes } from './messages.ts';
import { oauthRoutes } from './oauth.ts';
import { placeholderRoutes } from './placeholder.ts';
import { presetRoutes } from './presets.ts';
import { promptCategoryRoutes, promptRoutes } from './prompts.ts';
import { roleRoutes } from './roles.ts';
import { publicShareRoutes, shareRoutes } from './share.ts';
import { tagRoutes } from './tags.ts';
import { toolAuthRoutes } from './tool-auth.ts';
import { toolCallRoutes } from './tool-calls.ts';
import { twoFactorLoginRoutes, twoFactorRoutes } from './two-factor.ts';
import { userRoutes } from './user.ts';

/** A route plugin: one API area, given the app's services as its `ctx` option. */
export type RoutePlugin = FastifyPluginAsyncZod<{ ctx: Services }>;

/** Open to everyone (sign-in, public reads); each at its full prefix. */
export const publicRoutes: [prefix: string, plugin: RoutePlugin][] = [
  ['/api/auth', authRoutes],
  // The second login step (verify-temp); setting two-factor up is in authedRoutes.
  ['/api/auth/2fa', twoFactorLoginRoutes],
  ['/api/auth', passwordResetRoutes],
  ['/api/user/verify', verifyEmailRoutes],
  ['/api', publicConfigRoutes],
  ['/api/share', publicShareRoutes],
  ['/api', bannerRoutes],
  ['/api/files/avatars', publicAvatarRoutes],
  ['/api/files/avatars/agents', publicAgentAvatarRoutes],
  // LDAP signs in through /api/auth/login; OpenID and social providers through /oauth.
  ['/oauth', oauthRoutes],
  // The MCP sign-in's browser callback (the signed state names the user).
  ['/api/mcp', mcpOAuthCallbackRoutes],
  // An action's OAuth callback: the authorization server redirects the browser here (state-checked).
  ['/api/actions', actionCallbackRoutes],
  // Placeholder images for artifacts (the preview frame has no cookies).
  ['/api/placeholder', placeholderRoutes],
];

/** Everything else under /api: the scope's hook identifies the user or answers 401 (auth/identify.ts). */
export const authedRoutes: [prefix: string, plugin: RoutePlugin][] = [
  ['/auth/2fa', twoFactorRoutes],
  ['', configRoutes],
  ['', balanceRoutes],
  ['/user', userRoutes],
  ['/convos', convoRoutes],
  ['/messages', messageRoutes],
  ['/chat', chatRoutes],
  ['/keys', keyRoutes],
  ['/presets', presetRoutes],
  ['/share', shareRoutes],
  ['/tags', tagRoutes],
  ['/roles', roleRoutes],
  ['/admin', adminRoutes],
  ['/files/images', avatarRoutes],
  ['/files', fileRoutes],
  ['/agents', agentRoutes],
  ['/files/images/agents', agentAvatarRoutes],
  ['/agents/tools', agentToolRoutes],
  // The run button: POST /agents/tools/:toolId/call, GET /agents/tools/calls (tool-call records).
  ['/agents/tools', toolCallRoutes],
  ['/agents/actions', agentActionRoutes],
  ['/actions', actionRoutes],
  // GET /agents/tools/:toolId/auth and POST /user/plugins (tool keys).
  ['', toolAuthRoutes],
  ['/mcp', mcpRoutes],
  // The prompt library (issue 18): LibreChat's /api/prompts… and GET /api/categories.
  ['/prompts', promptRoutes],
  ['', promptCategoryRoutes],
];

import { readFile } from 'node:fs/promises';
import { Agent, AgentFileParams } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AGENT_AVATAR_CONTENT_TYPES,
  agentAvatarStore,
  avatarSizeLimit,
  detectAgentAvatarType,
} from '../account/avatars.ts';
import { normalizeAgentAvatar } from '../agents/avatar-image.ts';
import { loadAgent } from '../agents/load-agent.ts';
import { saveAgent } from '../agents/save-agent.ts';
import { agentsPolicy } from '../auth/policies/agents.ts';
import { authorize, loadActor } from '../auth/policies/policy.ts';
import { AppError } from '../errors.ts';
import { megabytes, multipartFile, rawUpload } from '../net/multipart.ts';
import { presentAgent } from '../presenters/agent.ts';
import type { Services } from '../services.ts';

/** doc 3 §5's one text for an agent avatar of the wrong type or size. */
const invalidUpload = (code: 'avatar_too_large' | 'avatar_invalid_type' | 'avatar_no_file', limit: number) =>
  new AppError(code, `upload invalid, limit ${megabytes(limit)}`);

/**
 * POST /api/files/images/agents/:agent_id/avatar (doc 3 §7): multipart `file` (PNG, JPEG, GIF or
 * WebP by its bytes, at most avatarSizeLimit), for those who may edit the agent. The picture is
 * normalised (agents/avatar-image.ts), replaces the previous one, and the agent is answered.
 */
export const agentAvatarRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const limit = avatarSizeLimit(ctx.yaml);
  const store = agentAvatarStore(ctx.config.dataDir);
  const { agents, roles } = ctx.repos;
  const deps = { db: ctx.db, catalog: ctx.catalog, agentsConfig: ctx.agentsConfig, agents };
  const upload = rawUpload(app, {
    types: ['multipart/form-data'],
    limit,
    tooLarge: () => invalidUpload('avatar_too_large', limit),
  });

  app.post(
    '/:agent_id/avatar',
    {
      ...upload,
      onRequest: ctx.abuse.limit('fileUpload'),
      schema: { params: AgentFileParams, response: { 200: Agent } },
    },
    async (req) => {
      const actor = await loadActor(roles, req.user);
      authorize(agentsPolicy.canUse(actor));
      const row = await loadAgent(agents, actor, req.params.agent_id, agentsPolicy.canEdit);
      const contentType = req.headers['content-type'] ?? '';
      if (!Buffer.isBuffer(req.body) || !contentType.toLowerCase().startsWith('multipart/form-data'))
        throw invalidUpload('avatar_no_file', limit);
      const file = multipartFile(req.body, contentType);
      if (!file || file.data.length === 0) throw invalidUpload('avatar_no_file', limit);
      if (file.data.length > limit) throw invalidUpload('avatar_too_large', limit);
      const type = detectAgentAvatarType(file.data);
      if (!type) throw invalidUpload('avatar_invalid_type', limit);
      const image = await normalizeAgentAvatar(Buffer.from(file.data), type).catch(() => {
        throw invalidUpload('avatar_invalid_type', limit);
      });
      const url = await store.save(row.id, image.data, image.type);
      const avatar = { filepath: url, source: 'local' };
      const saved = await saveAgent(deps, actor, row.id, async () => ({ avatar }));
      await store.prune(row.id, url);
      const [withAuthor] = await agents.withAuthors([saved]);
      return presentAgent(withAuthor, true);
    },
  );
};

/** GET /api/files/avatars/agents/:agentId/:name: public like profile pictures (an <img> sends no token). */
export const publicAgentAvatarRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const store = agentAvatarStore(ctx.config.dataDir);
  app.get(
    '/:agentId/:name',
    { schema: { params: z.object({ agentId: z.string().max(64), name: z.string().max(64) }) } },
    async (req, reply) => {
      const found = store.resolve(req.params.agentId, req.params.name);
      if (!found) throw new AppError('not_found');
      const data = await readFile(found.file).catch(() => null);
      if (!data) throw new AppError('not_found');
      return reply
        .header('Content-Type', AGENT_AVATAR_CONTENT_TYPES[found.type])
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Disposition', 'inline')
        .send(data);
    },
  );
};

import { randomUUID } from 'node:crypto';
import { DEFAULT_PRESET_TITLE, Preset, PresetList, SavePresetBody } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { presentPreset } from '../presenters/preset.ts';

/** Presets: list, save (create or update), delete — each user's own (issue 3 §6). */
export const presetRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { presets } = ctx.repos;

  app.get('/', { schema: { response: { 200: PresetList } } }, async (req) =>
    (await presets.list(req.user.id)).map(presentPreset),
  );

  app.post('/', { schema: { body: SavePresetBody, response: { 200: Preset } } }, async (req) => {
    const { presetId, title, ...settings } = req.body;
    const now = Date.now();
    const name = title?.trim() || DEFAULT_PRESET_TITLE;
    if (presetId) {
      const existing = await presets.get(req.user.id, presetId);
      if (!existing) throw new AppError('preset_not_found');
      await presets.update(req.user.id, presetId, {
        title: name,
        settings: JSON.stringify(settings),
        updated_at: now,
      });
      return presentPreset((await presets.get(req.user.id, presetId))!);
    }
    const row = {
      preset_id: randomUUID(),
      user_id: req.user.id,
      title: name,
      settings: JSON.stringify(settings),
      created_at: now,
      updated_at: now,
    };
    await presets.insert(row);
    return presentPreset(row);
  });

  app.delete(
    '/:presetId',
    { schema: { params: z.object({ presetId: z.string().min(1).max(64) }) } },
    async (req, reply) => {
      if (!(await presets.remove(req.user.id, req.params.presetId))) throw new AppError('preset_not_found');
      return reply.status(204).send();
    },
  );
};

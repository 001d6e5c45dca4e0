import { randomUUID } from 'node:crypto';
import { DEFAULT_PRESET_TITLE, Preset, PresetIdParams, PresetList, SavePresetBody } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { presentPreset } from '../presenters/preset.ts';
import type { Services } from '../services.ts';

/** Presets: list, save (create or update), delete — each user's own (issue 3 §6). */
export const presetRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
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
      if (!existing) throw new AppError('not_found', 'Preset not found.');
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

  app.delete('/:presetId', { schema: { params: PresetIdParams } }, async (req, reply) => {
    if (!(await presets.remove(req.user.id, req.params.presetId)))
      throw new AppError('not_found', 'Preset not found.');
    return reply.status(204).send();
  });
};

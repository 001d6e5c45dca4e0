import { Preset, PresetIdParams, PresetList, SavePresetBody } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { presentPreset } from '../presenters/preset.ts';
import { savePreset } from '../presets/save-preset.ts';
import type { Services } from '../services.ts';

/** Presets: list, save (create or update), delete — each user's own (issue 3 §6). */
export const presetRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { presets } = ctx.repos;

  app.get('/', { schema: { response: { 200: PresetList } } }, async (req) =>
    (await presets.list(req.user.id)).map(presentPreset),
  );

  app.post('/', { schema: { body: SavePresetBody, response: { 200: Preset } } }, async (req) =>
    presentPreset(await savePreset(presets, req.user.id, req.body)),
  );

  app.delete('/:presetId', { schema: { params: PresetIdParams } }, async (req, reply) => {
    if (!(await presets.remove(req.user.id, req.params.presetId))) throw new AppError('preset_not_found');
    return reply.status(204).send();
  });
};

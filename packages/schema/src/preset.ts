import { z } from 'zod';
import { PRESET_TITLE_MAX } from './constants.ts';
import { ModelParameters } from './endpoints.ts';

/** A preset: a title plus endpoint settings (doc 3 §3). */
export const Preset = z
  .object({
    presetId: z.string(),
    title: z.string(),
    endpoint: z.string().nullable(),
    endpointType: z.string().nullish(),
    model: z.string().nullable(),
    spec: z.string().nullish(),
    modelLabel: z.string().nullish(),
    iconURL: z.string().nullish(),
    agent_id: z.string().nullish(),
    assistant_id: z.string().nullish(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .extend(ModelParameters.shape);
export type Preset = z.infer<typeof Preset>;

/** POST /api/presets: create, or update when `presetId` names one of the user's presets. */
export const SavePresetBody = z
  .object({
    presetId: z.string().uuid().optional(),
    title: z.string().trim().max(PRESET_TITLE_MAX).optional(),
    endpoint: z.string().min(1).max(128),
    endpointType: z.string().max(64).nullish(),
    model: z.string().max(256).nullish(),
    spec: z.string().max(256).nullish(),
    modelLabel: z.string().max(256).nullish(),
    iconURL: z.string().max(2048).nullish(),
    agent_id: z.string().max(256).nullish(),
    assistant_id: z.string().max(256).nullish(),
  })
  .extend(ModelParameters.shape);
export type SavePresetBody = z.infer<typeof SavePresetBody>;

export const PresetList = z.array(Preset);

/** DELETE /api/presets/:presetId */
export const PresetIdParams = z.object({ presetId: z.string().min(1).max(64) });

import type { Preset } from '@parley/schema';
import type { PresetsTable } from '../db/schema.ts';

export function presentPreset(p: PresetsTable): Preset {
  const settings = JSON.parse(p.settings) as Omit<Preset, 'presetId' | 'title' | 'createdAt' | 'updatedAt'>;
  return {
    ...settings,
    endpoint: settings.endpoint ?? null,
    model: settings.model ?? null,
    presetId: p.preset_id,
    title: p.title,
    createdAt: p.created_at,
    updatedAt: p.updated_at,
  };
}

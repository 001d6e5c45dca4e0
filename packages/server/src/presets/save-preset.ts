import { randomUUID } from 'node:crypto';
import { DEFAULT_PRESET_TITLE, type SavePresetBody } from '@parley/schema';
import type { PresetsRepo } from '../db/repos/presets.ts';
import type { PresetsTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * Save a preset (issue 3 §6): with a presetId, replace that preset's title and settings; without,
 * create one. Someone else's preset id looks the same as a missing one.
 */
export async function savePreset(
  presets: PresetsRepo,
  userId: string,
  body: SavePresetBody,
  now = Date.now(),
): Promise<PresetsTable> {
  const { presetId, title, ...settings } = body;
  const changes = {
    title: title?.trim() || DEFAULT_PRESET_TITLE,
    settings: JSON.stringify(settings),
    updated_at: now,
  };
  if (presetId) {
    const existing = await presets.get(userId, presetId);
    if (!existing) throw new AppError('preset_not_found');
    await presets.update(userId, presetId, changes);
    return { ...existing, ...changes };
  }
  const row: PresetsTable = { preset_id: randomUUID(), user_id: userId, ...changes, created_at: now };
  await presets.insert(row);
  return row;
}

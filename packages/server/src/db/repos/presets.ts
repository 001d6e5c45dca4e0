import type { Db } from '../index.ts';
import type { PresetsTable } from '../schema.ts';

export function presetsRepo(db: Db) {
  return {
    async list(userId: string): Promise<PresetsTable[]> {
      return db
        .selectFrom('presets')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .execute();
    },

    async get(userId: string, presetId: string): Promise<PresetsTable | undefined> {
      return db
        .selectFrom('presets')
        .selectAll()
        .where('user_id', '=', userId)
        .where('preset_id', '=', presetId)
        .executeTakeFirst();
    },

    async insert(row: PresetsTable): Promise<void> {
      await db.insertInto('presets').values(row).execute();
    },

    async update(
      userId: string,
      presetId: string,
      changes: Pick<PresetsTable, 'title' | 'settings' | 'updated_at'>,
    ) {
      await db
        .updateTable('presets')
        .set(changes)
        .where('user_id', '=', userId)
        .where('preset_id', '=', presetId)
        .execute();
    },

    /** True when there was such a row (single-row removes answer a boolean; removeAll a count). */
    async remove(userId: string, presetId: string): Promise<boolean> {
      const r = await db
        .deleteFrom('presets')
        .where('user_id', '=', userId)
        .where('preset_id', '=', presetId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
export type PresetsRepo = ReturnType<typeof presetsRepo>;

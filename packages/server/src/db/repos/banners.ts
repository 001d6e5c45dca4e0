import { randomUUID } from 'node:crypto';
import type { Banner, BannerBody } from '@parley/schema';
import type { Db } from '../index.ts';
import type { BannersTable } from '../schema.ts';

export const BANNER_LIST_MAX = 200;

function present(row: BannersTable): Banner {
  return {
    bannerId: row.banner_id,
    message: row.message,
    displayFrom: Number(row.display_from),
    displayTo: row.display_to == null ? null : Number(row.display_to),
    isPublic: row.is_public === 1,
  };
}

/** Banners are global (not per user): written by admins, read by everyone. */
export function bannersRepo(db: Db) {
  return {
    /** The banner showing now: the latest-starting one in its window; public only when signed out. */
    async current(signedIn: boolean, now = Date.now()): Promise<Banner | null> {
      let q = db
        .selectFrom('banners')
        .selectAll()
        .where('display_from', '<=', now)
        .where((eb) => eb.or([eb('display_to', 'is', null), eb('display_to', '>', now)]));
      if (!signedIn) q = q.where('is_public', '=', 1);
      const row = await q
        .orderBy('display_from', 'desc')
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? present(row) : null;
    },

    async list(): Promise<Banner[]> {
      const rows = await db
        .selectFrom('banners')
        .selectAll()
        .orderBy('display_from', 'desc')
        .limit(BANNER_LIST_MAX)
        .execute();
      return rows.map(present);
    },

    async create(body: BannerBody, now = Date.now()): Promise<Banner> {
      const row: BannersTable = {
        banner_id: randomUUID(),
        message: body.message,
        display_from: body.displayFrom ?? now,
        display_to: body.displayTo ?? null,
        is_public: body.isPublic ? 1 : 0,
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('banners').values(row).execute();
      return present(row);
    },

    async update(bannerId: string, body: BannerBody, now = Date.now()): Promise<Banner | null> {
      const existing = await db
        .selectFrom('banners')
        .selectAll()
        .where('banner_id', '=', bannerId)
        .executeTakeFirst();
      if (!existing) return null;
      const row: BannersTable = {
        ...existing,
        message: body.message,
        display_from: body.displayFrom ?? existing.display_from,
        display_to: body.displayTo === undefined ? existing.display_to : body.displayTo,
        is_public: body.isPublic ? 1 : 0,
        updated_at: now,
      };
      await db.updateTable('banners').set(row).where('banner_id', '=', bannerId).execute();
      return present(row);
    },

    async remove(bannerId: string): Promise<boolean> {
      const r = await db.deleteFrom('banners').where('banner_id', '=', bannerId).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
export type BannersRepo = ReturnType<typeof bannersRepo>;

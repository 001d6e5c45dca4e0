import { randomUUID } from 'node:crypto';
import type { BannerBody } from '@parley/schema';
import type { Db } from '../index.ts';
import type { BannersTable } from '../schema.ts';

export const BANNER_LIST_MAX = 200;

/** Banners are global (not per user): written by admins, read by everyone. */
export function bannersRepo(db: Db) {
  return {
    /** The banner showing now: the latest-starting one in its window; public only when signed out. */
    async current(signedIn: boolean, now = Date.now()): Promise<BannersTable | null> {
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
      return row ?? null;
    },

    async list(): Promise<BannersTable[]> {
      return db
        .selectFrom('banners')
        .selectAll()
        .orderBy('display_from', 'desc')
        .limit(BANNER_LIST_MAX)
        .execute();
    },

    async create(body: BannerBody, now = Date.now()): Promise<BannersTable> {
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
      return row;
    },

    async update(bannerId: string, body: BannerBody, now = Date.now()): Promise<BannersTable | null> {
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
      return row;
    },

    async remove(bannerId: string): Promise<boolean> {
      const r = await db.deleteFrom('banners').where('banner_id', '=', bannerId).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
export type BannersRepo = ReturnType<typeof bannersRepo>;

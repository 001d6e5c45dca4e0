import type { Banner } from '@parley/schema';
import type { BannersTable } from '../db/schema.ts';

export function presentBanner(row: BannersTable): Banner {
  return {
    bannerId: row.banner_id,
    message: row.message,
    displayFrom: Number(row.display_from),
    displayTo: row.display_to == null ? null : Number(row.display_to),
    isPublic: row.is_public === 1,
  };
}

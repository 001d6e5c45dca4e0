import { z } from 'zod';

export const BANNER_MESSAGE_MAX = 2000;

/** GET /api/banner (doc 2 §3.1): the banner to show now, or null. The message is restricted HTML. */
export const Banner = z.object({
  bannerId: z.string(),
  message: z.string(),
  displayFrom: z.number(),
  displayTo: z.number().nullable(),
  isPublic: z.boolean(),
});
export type Banner = z.infer<typeof Banner>;

export const CurrentBanner = Banner.nullable();

export const BannerBody = z
  .object({
    message: z.string().trim().min(1, 'The message is required.').max(BANNER_MESSAGE_MAX),
    displayFrom: z.number().int().min(0).optional(),
    displayTo: z.number().int().min(0).nullable().optional(),
    /** Shown to visitors who are not signed in too (auth pages). */
    isPublic: z.boolean().default(false),
  })
  .refine((b) => b.displayTo == null || b.displayFrom == null || b.displayTo > b.displayFrom, {
    message: 'The end must be after the start.',
    path: ['displayTo'],
  });
export type BannerBody = z.infer<typeof BannerBody>;

export const BannerList = z.object({ banners: z.array(Banner) });
export const BannerParams = z.object({ bannerId: z.string().min(1).max(64) });

import { z } from 'zod';

/** GET /api/roles/:name response: permissions[type][permission] booleans (doc 1 §3). */
export const Role = z.object({
  name: z.string(),
  permissions: z.record(z.string(), z.record(z.string(), z.boolean())),
});
export type Role = z.infer<typeof Role>;

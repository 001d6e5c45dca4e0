import { z } from 'zod';

/** GET /api/balance (LibreChat's shape); 204 when balances are off. */
export const Balance = z.object({
  tokenCredits: z.number(),
  autoRefillEnabled: z.boolean(),
  refillIntervalValue: z.number().optional(),
  refillIntervalUnit: z.string().optional(),
  refillAmount: z.number().optional(),
  lastRefill: z.number().nullable().optional(),
});
export type Balance = z.infer<typeof Balance>;

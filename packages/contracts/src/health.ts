import { z } from 'zod';

/** GET /api/health: 200 when the database answers, 503 otherwise. */
export const ZHealth = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'down']),
});
export type THealth = z.infer<typeof ZHealth>;

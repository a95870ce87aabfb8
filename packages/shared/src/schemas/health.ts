import { z } from '../zod.ts';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), driver: z.enum(['pglite', 'pg']), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});

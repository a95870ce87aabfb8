import { z } from '../zod.ts';

/** GET /api/health: liveness — the process answers; nothing else is checked. */
export const LivenessSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
});

/** GET /api/health/ready: readiness — the database answers too (503 `degraded` when it does not). */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), driver: z.enum(['pglite', 'pg']), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});

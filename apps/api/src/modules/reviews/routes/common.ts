import type { FastifyInstance } from 'fastify';
import { byUser, rateLimit } from '../../../platform/rate-limits.ts';

export function moderationLimit(app: FastifyInstance) {
  return rateLimit(app, [{ name: 'reviewReports', keyOf: byUser }]);
}

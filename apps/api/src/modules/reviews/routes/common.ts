import type { FastifyInstance } from 'fastify';
import { byUser, rateLimit } from '../../../platform/rate-limits.ts';

/** Reports per provider per hour: enough for a bad week, not for flooding the back office. */
const REPORT_LIMIT = { max: 20, windowSeconds: 60 * 60 };

export function moderationLimit(app: FastifyInstance) {
  return rateLimit(app, [{ name: 'reviewReports', rule: REPORT_LIMIT, keyOf: byUser }]);
}

import { dayBounds } from '@app/shared/day-bounds';
import { type AdminOverview, OVERVIEW_RECENT_DAYS } from '@app/shared/schemas/overview';
import { type AdminActor, assertAdmin } from '../../platform/admin-actor.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { OVERDUE_AFTER_MS } from '../admin/operations.ts';
import { countAwaitingReview } from '../admin/providers.ts';
import { countContactMessagesSince } from '../contact/service.ts';
import { countPaymentIssues, countTopUpsPaid } from '../money/payment-counts.ts';
import { countReportedReviews } from '../reviews/moderation.ts';
import { countSessionsStarting } from './booking-lists.ts';
import { loadPerson } from './person.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The operator's overview: the queues of the back office, counted, and today's activity (the operator's day). */
export async function adminOverview(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: AdminActor },
): Promise<AdminOverview> {
  assertAdmin(input.actor);
  const now = deps.clock.now();
  const person = await loadPerson(deps, input.actor.userId);
  const day = dayBounds(now, person.timezone);
  const recent = new Date(now.getTime() - OVERVIEW_RECENT_DAYS * DAY_MS);
  const [providersAwaitingReview, reportedReviews, contactMessages, payments, bookingsToday, topUpsToday] =
    await Promise.all([
      countAwaitingReview(deps),
      countReportedReviews(deps),
      countContactMessagesSince(deps, { since: recent }),
      countPaymentIssues(deps, { pendingBefore: new Date(now.getTime() - OVERDUE_AFTER_MS), failedSince: recent }),
      countSessionsStarting(deps, day),
      countTopUpsPaid(deps, day),
    ]);
  return {
    role: 'admin',
    ...person,
    counts: {
      providersAwaitingReview,
      reportedReviews,
      contactMessages,
      unreconciledPayments: payments.unreconciled,
      failedPayments: payments.failed,
      bookingsToday,
      topUpsToday,
    },
  };
}

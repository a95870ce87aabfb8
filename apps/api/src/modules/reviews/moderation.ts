import type { Language } from '@app/shared/constants';
import type { ReportedReview } from '@app/shared/schemas/reviews';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { reviewReports, reviews, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { type ReviewRow, reviewSelect, toReview } from './review-view.ts';

/**
 * POST /review/{id}/report: the reviewed provider flags a review for the back office, once.
 * The review stays visible until an admin decides; a report after a decision opens it again.
 */
export async function reportReview(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; reviewId: string; reason: string; language: Language },
): Promise<{ reviewIdentifier: string; reportedAt: string; message: string }> {
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      const [review] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.id, input.reviewId), eq(reviews.providerId, input.actor.userId)))
        .for('update');
      if (!review) throw new AppError('NOT_FOUND');
      await tx
        .insert(reviewReports)
        .values({ reviewId: review.id, reporterId: input.actor.userId, reason: input.reason, createdAt: now });
      await tx.update(reviews).set({ lastReportedAt: now }).where(eq(reviews.id, review.id));
    });
  } catch (error) {
    if (isUniqueViolation(error, 'review_reports_review_reporter_uq')) throw new AppError('REVIEW_ALREADY_REPORTED');
    throw error;
  }
  return {
    reviewIdentifier: input.reviewId,
    reportedAt: now.toISOString(),
    message: translate(input.language, 'reviews.reported'),
  };
}

/** Open: reported since the last decision and still visible. Hidden: hidden now. All: ever reported. */
export function statusWhere(status: 'open' | 'hidden' | 'all'): SQL | undefined {
  const reported = isNotNull(reviews.lastReportedAt);
  if (status === 'hidden') return and(reported, isNotNull(reviews.hiddenAt));
  if (status === 'all') return reported;
  return and(
    reported,
    isNull(reviews.hiddenAt),
    or(isNull(reviews.moderatedAt), gt(reviews.lastReportedAt, reviews.moderatedAt)),
  );
}

/** The queue's order, latest report first: what reviews_reported_idx is built to be read in. */
export const queueOrder = [desc(reviews.lastReportedAt), desc(reviews.id)];

/** GET /admin/reviews/reported: reported reviews with their reports, latest report first (admin). */
export async function listReportedReviews(
  deps: Pick<AppDeps, 'db'>,
  input: { status: 'open' | 'hidden' | 'all'; page: number; perPage: number; language: Language },
): Promise<{
  data: ReportedReview[];
  meta: { page: number; perPage: number; total: number; totalPages: number };
}> {
  const where = statusWhere(input.status);
  const [rows, [counted]] = await Promise.all([
    reviewSelect(deps.db, null)
      .where(where)
      .orderBy(...queueOrder)
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    deps.db.select({ total: count() }).from(reviews).where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    data: await toReported(deps.db, rows, input.language),
    meta: { page: input.page, perPage: input.perPage, total, totalPages: Math.ceil(total / input.perPage) },
  };
}

/** The admin's view of reviews: the public view (no name when anonymous), the provider, the decision, the reports. */
async function toReported(db: Tx, rows: ReviewRow[], language: Language): Promise<ReportedReview[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [reports, extras] = await Promise.all([
    db
      .select({ reviewId: reviewReports.reviewId, reason: reviewReports.reason, createdAt: reviewReports.createdAt })
      .from(reviewReports)
      .where(inArray(reviewReports.reviewId, ids))
      .orderBy(desc(reviewReports.createdAt)),
    db
      .select({
        id: reviews.id,
        providerFirstName: users.firstName,
        providerLastName: users.lastName,
        hiddenReason: reviews.hiddenReason,
        lastReportedAt: reviews.lastReportedAt,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.providerId))
      .where(inArray(reviews.id, ids)),
  ]);
  return rows.map((row) => {
    const extra = extras.find((item) => item.id === row.id);
    const {
      isMine: _mine,
      editsLeft: _edits,
      reportedByMe: _reported,
      ...review
    } = toReview(row, {
      userId: null,
      language,
    });
    return {
      ...review,
      providerName: [extra?.providerFirstName, extra?.providerLastName].filter(Boolean).join(' '),
      hiddenAt: row.hiddenAt ? row.hiddenAt.toISOString() : null,
      hiddenReason: extra?.hiddenReason ?? null,
      reports: reports
        .filter((report) => report.reviewId === row.id)
        .map((report) => ({ reason: report.reason, reportedAt: report.createdAt.toISOString() })),
      lastReportedAt: (extra?.lastReportedAt ?? row.createdAt).toISOString(),
    };
  });
}

/**
 * POST /admin/reviews/{id}/hide and /unhide: an admin's decision on a review, recorded in the
 * audit trail in the same transaction (ids and the decision only, never the review's words).
 * Hiding leaves the review out of every public answer and the provider's average (trigger);
 * unhiding puts it back. Either closes the open reports. Deciding what already holds changes
 * nothing and records nothing.
 */
export async function setReviewHidden(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; reviewId: string; hidden: boolean; reason?: string; language: Language },
): Promise<ReportedReview> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [review] = await tx
      .select({
        id: reviews.id,
        providerId: reviews.providerId,
        hiddenAt: reviews.hiddenAt,
        // Spelled out: Drizzle leaves a one-table select's columns unqualified.
        reports: sql<number>`(SELECT count(*)::int FROM review_reports WHERE review_reports.review_id = reviews.id)`,
      })
      .from(reviews)
      .where(eq(reviews.id, input.reviewId))
      .for('update');
    if (!review) throw new AppError('NOT_FOUND');
    if ((review.hiddenAt !== null) === input.hidden) return;
    await tx
      .update(reviews)
      .set(
        input.hidden
          ? { hiddenAt: now, hiddenReason: input.reason ?? null, moderatedAt: now, updatedAt: now }
          : { hiddenAt: null, hiddenReason: null, moderatedAt: now, updatedAt: now },
      )
      .where(eq(reviews.id, review.id));
    await recordAudit(tx, {
      actor: { userId: input.actor.userId, role: input.actor.role },
      action: input.hidden ? 'review.hide' : 'review.unhide',
      targetType: 'review',
      targetId: review.id,
      detail: { providerId: review.providerId, reports: review.reports },
      at: now,
    });
  });
  const rows = await reviewSelect(deps.db, null).where(eq(reviews.id, input.reviewId));
  const [answer] = await toReported(deps.db, rows, input.language);
  if (!answer) throw new AppError('NOT_FOUND');
  return answer;
}

/** How many reviews wait for an operator's decision (the open reports of /admin/reviews/). */
export async function countReportedReviews(deps: Pick<AppDeps, 'db'>): Promise<number> {
  const [row] = await deps.db.select({ total: count() }).from(reviews).where(statusWhere('open'));
  return row?.total ?? 0;
}

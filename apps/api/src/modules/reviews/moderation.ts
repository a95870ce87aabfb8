import type { Language } from '@app/shared/constants';
import type { ReportedReview } from '@app/shared/schemas/reviews';
import { and, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { openReport, reviewReports, reviews, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { prepared } from '../../platform/prepared.ts';
import { type ReviewRow, reviewSelectWith, toReview } from './review-view.ts';

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
  return openReport(reviews);
}

/** The queue's order, latest report first: what reviews_reported_idx is built to be read in. */
export const queueOrder = [desc(reviews.lastReportedAt), desc(reviews.id)];

const provider = alias(users, 'provider');

/** What the back office reads of a review beside its public view: the provider, the decision and the reports. */
const reportedColumns = {
  providerName: sql<string>`(SELECT concat_ws(' ', nullif(${provider.firstName}, ''), nullif(${provider.lastName}, '')) FROM ${users} AS ${provider} WHERE ${provider.id} = ${reviews.providerId})`,
  hiddenReason: sql<string | null>`${reviews.hiddenReason}`,
  lastReportedAt: sql<Date | null>`${reviews.lastReportedAt}`.mapWith(reviews.lastReportedAt),
  // Newest first; the times as JSON writes them (ISO 8601 with an offset).
  reports: sql<
    Array<{ reason: string; reportedAt: string }>
  >`(SELECT coalesce(json_agg(json_build_object('reason', ${reviewReports.reason}, 'reportedAt', ${reviewReports.createdAt}) ORDER BY ${reviewReports.createdAt} DESC), '[]'::json) FROM ${reviewReports} WHERE ${reviewReports.reviewId} = ${reviews.id})`,
};

const reportedSelect = (db: Tx, extra: Record<string, SQL> = {}) =>
  reviewSelectWith(db, null, { ...reportedColumns, ...extra });

/**
 * GET /admin/reviews/reported: reported reviews with their reports, latest report first (admin).
 * A page is one statement per queue, prepared once per connection: the reviews, their provider,
 * their reports and the queue's length (a page past the end counts on its own).
 */
export async function listReportedReviews(
  deps: Pick<AppDeps, 'db'>,
  input: { status: 'open' | 'hidden' | 'all'; page: number; perPage: number; language: Language },
): Promise<{
  data: ReportedReview[];
  meta: { page: number; perPage: number; total: number; totalPages: number };
}> {
  const where = statusWhere(input.status);
  const rows = (await prepared(deps.db, `reviews_reported_${input.status}`, (name) =>
    reportedSelect(deps.db, { total: sql<number>`(SELECT count(*)::int FROM ${reviews} WHERE ${where})` })
      .where(where)
      .orderBy(...queueOrder)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  ).execute({ limit: input.perPage, offset: (input.page - 1) * input.perPage })) as Array<
    ReportedRow & { total: number }
  >;
  const total = rows[0]?.total ?? (await countReviews(deps.db, where));
  return {
    data: rows.map((row) => toReported(row, input.language)),
    meta: { page: input.page, perPage: input.perPage, total, totalPages: Math.ceil(total / input.perPage) },
  };
}

async function countReviews(db: Tx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(reviews).where(where);
  return row?.total ?? 0;
}

type ReportedRow = ReviewRow & { [K in keyof typeof reportedColumns]: (typeof reportedColumns)[K]['_']['type'] };

/** The admin's view of a review: the public view (no name when anonymous), the provider, the decision, the reports. */
function toReported(row: ReportedRow, language: Language): ReportedReview {
  const {
    isMine: _mine,
    editsLeft: _edits,
    reportedByMe: _reported,
    ...review
  } = toReview(row, { userId: null, language });
  return {
    ...review,
    providerName: row.providerName ?? '',
    hiddenAt: row.hiddenAt ? row.hiddenAt.toISOString() : null,
    hiddenReason: row.hiddenReason,
    reports: row.reports.map((report) => ({
      reason: report.reason,
      reportedAt: new Date(report.reportedAt).toISOString(),
    })),
    lastReportedAt: (row.lastReportedAt ?? row.createdAt).toISOString(),
  };
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
  const [row] = (await reportedSelect(deps.db).where(eq(reviews.id, input.reviewId))) as ReportedRow[];
  if (!row) throw new AppError('NOT_FOUND');
  return toReported(row, input.language);
}

/** How many reviews wait for an operator's decision (the open reports of /admin/reviews/). */
export function countReportedReviews(deps: Pick<AppDeps, 'db'>): Promise<number> {
  return countReviews(deps.db, statusWhere('open'));
}

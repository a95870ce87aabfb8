import type { ReviewPage } from '@app/shared/schemas/reviews';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '#app/lib/money';
import { useLang } from '#app/lib/use-lang';
import { useModals } from '#app/ui/modal-manager';
import { StarRating } from '#app/ui/star-rating';
import { REVIEW_MODALS } from '../modals';

/**
 * A provider's reviews, newest first, server-rendered with the page; anonymous ones say so and
 * name nobody. Pages are plain links (`pageHref`). The reviewed provider may report one.
 */
export function ReviewList({
  reviews,
  pageHref,
  canReport,
}: {
  reviews: ReviewPage;
  pageHref(page: number): string;
  /** The viewer is the reviewed provider. */
  canReport: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const modals = useModals();
  const { page, totalPages, total } = reviews.meta;
  if (total === 0) return <p className="text-sm text-slate-600">{t('reviewScreens.none')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-slate-100" data-testid="review-list">
        {reviews.data.map((review) => (
          <li key={review.identifier} className="py-4 first:pt-0">
            <article
              aria-label={t('reviewScreens.reviewBy', { name: review.reviewer?.name ?? t('reviewScreens.anonymous') })}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <StarRating rating={review.rating} />
                <p className="text-xs text-slate-600">
                  {formatDate(review.createdAt, lang)}
                  {review.editedAt ? ` · ${t('reviewScreens.edited')}` : ''}
                </p>
              </div>
              {review.comment ? <p className="mt-2 whitespace-pre-line text-slate-800">{review.comment}</p> : null}
              <p className="mt-2 text-sm text-slate-600">
                {review.reviewer?.name ?? t('reviewScreens.anonymous')}
                {review.therapy ? ` · ${review.therapy}` : ''}
              </p>
              {canReport ? (
                review.reportedByMe ? (
                  <p className="mt-2 text-xs text-slate-600">{t('reviewScreens.report.done')}</p>
                ) : (
                  <button
                    type="button"
                    onClick={() => modals.open(REVIEW_MODALS.report, { review })}
                    className="mt-2 text-xs font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {t('reviewScreens.report.action')}
                  </button>
                )
              ) : null}
            </article>
          </li>
        ))}
      </ul>
      {totalPages > 1 ? (
        <nav aria-label={t('reviewScreens.pages')} className="flex items-center justify-between gap-3 text-sm">
          {page > 1 ? (
            <Link to={pageHref(page - 1)} preventScrollReset className="font-semibold text-brand-700 hover:underline">
              {t('pagination.previous')}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">{t('pagination.page', { page, total: totalPages })}</span>
          {page < totalPages ? (
            <Link to={pageHref(page + 1)} preventScrollReset className="font-semibold text-brand-700 hover:underline">
              {t('pagination.next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

import { REVIEW_SORTS, type ReviewSort } from '@app/shared/review-rules';
import type { Review, ReviewPage } from '@app/shared/schemas/reviews';
import { useReaderDates } from '#app/lib/reader-dates';
import { useWords } from '#app/lib/words';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';
import { useModals } from '#app/ui/modal-manager';
import { StarRating } from '#app/ui/star-rating';
import { REVIEW_MODALS } from '../lib/modals';

/** Where a list position lives: the order and the keyset cursor of its page (none: the first). */
export interface ReviewListPosition {
  sort: ReviewSort;
  cursor: string | null;
}

/** The order as plain links, so it works before (and without) the page's JavaScript. */
function SortLinks({ sort, hrefOf }: { sort: ReviewSort; hrefOf(position: ReviewListPosition): string }) {
  const { t } = useWords();
  return (
    <nav aria-label={t('reviewScreens.sort.label')} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-600">{t('reviewScreens.sort.label')}:</span>
      {REVIEW_SORTS.map((option) => (
        <Link
          key={option}
          to={hrefOf({ sort: option, cursor: null })}
          preventScrollReset
          aria-current={option === sort ? 'true' : undefined}
          className={cn(
            'rounded-full px-3 py-1',
            option === sort
              ? 'bg-brand-700 font-semibold text-white'
              : 'bg-slate-100 text-slate-800 hover:bg-slate-200',
          )}
        >
          {t(`reviewScreens.sort.${option}`)}
        </Link>
      ))}
    </nav>
  );
}

function Reply({ reply, providerName }: { reply: NonNullable<Review['reply']>; providerName: string }) {
  const when = useReaderDates();
  const { t } = useWords();
  return (
    <div className="mt-3 rounded-lg border-l-4 border-brand-200 bg-brand-50/60 px-3 py-2" data-testid="review-reply">
      <p className="text-xs font-semibold text-brand-900">
        {t('reviewScreens.reply.heading', { name: providerName })}
        <span className="font-normal text-slate-600">
          {' · '}
          {when.date(reply.createdAt)}
          {reply.editedAt ? ` · ${t('reviewScreens.edited')}` : ''}
        </span>
      </p>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{reply.text}</p>
    </div>
  );
}

/**
 * A provider's reviews in the chosen order (newest, highest or lowest rating), server-rendered
 * with the page, each with the provider's reply under it; anonymous ones say so and name nobody.
 * Pages are keyset links (`hrefOf`). The reviewed provider may reply to, or report, a review.
 */
export function ReviewList({
  reviews,
  position,
  hrefOf,
  providerName,
  isProvider,
}: {
  reviews: ReviewPage;
  position: ReviewListPosition;
  hrefOf(position: ReviewListPosition): string;
  /** Whose replies these are. */
  providerName: string;
  /** The viewer is the reviewed provider. */
  isProvider: boolean;
}) {
  const when = useReaderDates();
  const { t } = useWords();
  const modals = useModals();
  if (reviews.meta.total === 0) return <p className="text-sm text-slate-600">{t('reviewScreens.none')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <SortLinks sort={position.sort} hrefOf={hrefOf} />
      <ul className="flex flex-col divide-y divide-slate-100" data-testid="review-list">
        {reviews.data.map((review) => (
          <li key={review.identifier} className="py-4 first:pt-0">
            <article
              aria-label={t('reviewScreens.reviewBy', { name: review.reviewer?.name ?? t('reviewScreens.anonymous') })}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <StarRating rating={review.rating} />
                <p className="text-xs text-slate-600">
                  {when.date(review.createdAt)}
                  {review.editedAt ? ` · ${t('reviewScreens.edited')}` : ''}
                </p>
              </div>
              {review.comment ? <p className="mt-2 whitespace-pre-line text-slate-800">{review.comment}</p> : null}
              <p className="mt-2 text-sm text-slate-600">
                {review.reviewer?.name ?? t('reviewScreens.anonymous')}
                {review.therapy ? ` · ${review.therapy}` : ''}
              </p>
              {review.reply ? <Reply reply={review.reply} providerName={providerName} /> : null}
              {isProvider ? (
                <div className="mt-2 flex flex-wrap gap-4 text-xs">
                  <button
                    type="button"
                    onClick={() => modals.open(REVIEW_MODALS.reply, { review })}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {review.reply ? t('reviewScreens.reply.edit') : t('reviewScreens.reply.action')}
                  </button>
                  {review.reportedByMe ? (
                    <span className="text-slate-600">{t('reviewScreens.report.done')}</span>
                  ) : (
                    <button
                      type="button"
                      onClick={() => modals.open(REVIEW_MODALS.report, { review })}
                      className="font-medium text-brand-700 underline-offset-2 hover:underline"
                    >
                      {t('reviewScreens.report.action')}
                    </button>
                  )}
                </div>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
      {position.cursor || reviews.nextCursor ? (
        <nav aria-label={t('reviewScreens.pages')} className="flex items-center justify-between gap-3 text-sm">
          {position.cursor ? (
            <Link
              to={hrefOf({ sort: position.sort, cursor: null })}
              preventScrollReset
              className="font-semibold text-brand-700 hover:underline"
            >
              {t('reviewScreens.first')}
            </Link>
          ) : (
            <span />
          )}
          {reviews.nextCursor ? (
            <Link
              to={hrefOf({ sort: position.sort, cursor: reviews.nextCursor })}
              preventScrollReset
              className="font-semibold text-brand-700 hover:underline"
            >
              {t('reviewScreens.more')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

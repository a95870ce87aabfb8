import { REPORTED_REVIEW_STATUSES, type ReportedReview, type ReportedReviewStatus } from '@app/shared/schemas/reviews';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useReaderDates } from '#app/lib/reader-dates';
import { useLocaleData } from '#app/lib/shell-data';
import { Button } from '#app/ui/button';
import { LoadGate } from '#app/ui/load-gate';
import { useModals } from '#app/ui/modal-manager';
import { Pagination, pageSearch } from '#app/ui/pagination';
import { useReportedReviews } from '../api/list-reported-reviews';
import { ADMIN_MODALS } from '../lib/modals';
import { oneOf, SwitchLinks } from './filters';
import { Badge, Cell, DataTable, EmptyRow } from './table';

function ReviewRow({ review }: { review: ReportedReview }) {
  const when = useReaderDates();
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const modals = useModals();
  const hidden = review.hiddenAt !== null;
  const rating = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(review.rating);
  return (
    <tr data-testid={`reported-review-${review.identifier}`}>
      <Cell className="max-w-80">
        <p className="font-medium">{t('admin.reviews.ratingValue', { rating })}</p>
        <p className="break-words whitespace-pre-wrap">{review.comment ?? t('admin.reviews.noComment')}</p>
        <p className="mt-1 text-xs text-slate-600">
          {t('admin.reviews.byline', {
            name: review.reviewer?.name ?? t('admin.reviews.anonymous'),
            date: when.date(review.createdAt),
          })}
        </p>
      </Cell>
      <Cell className="break-words">{review.providerName || t('admin.common.noName')}</Cell>
      <Cell className="max-w-72">
        <p className="font-medium">{t('admin.reviews.reportCount', { count: review.reports.length })}</p>
        <ul className="mt-1 flex flex-col gap-1">
          {review.reports.map((report) => (
            <li key={report.reportedAt} className="break-words">
              <span className="block text-xs text-slate-600">{when.dateTime(report.reportedAt)}</span>
              {report.reason}
            </li>
          ))}
        </ul>
      </Cell>
      <Cell>
        <Badge tone={hidden ? 'danger' : 'success'}>
          {t(hidden ? 'admin.reviews.stateHidden' : 'admin.reviews.stateVisible')}
        </Badge>
        {hidden && review.hiddenReason ? (
          <p className="mt-1 text-xs break-words text-slate-600">{review.hiddenReason}</p>
        ) : null}
      </Cell>
      <Cell>
        <Button
          variant={hidden ? 'secondary' : 'danger'}
          className="min-h-8 px-3 py-1"
          onClick={() => modals.open(ADMIN_MODALS.reviewDecision, { review, hide: !hidden })}
        >
          {t(hidden ? 'admin.reviews.unhide' : 'admin.reviews.hide')}
        </Button>
      </Cell>
    </tr>
  );
}

/** Reviews reported by the reviewed provider: open (awaiting a decision), hidden, or all. */
export function ReportedReviews() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const status = oneOf<ReportedReviewStatus>(REPORTED_REVIEW_STATUSES, params.get('status'), 'open');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useReportedReviews({ status, page });

  return (
    <>
      <SwitchLinks
        label={t('admin.reviews.statusLabel')}
        param="status"
        current={status}
        options={REPORTED_REVIEW_STATUSES.map((value) => ({ value, label: t(`admin.reviews.status.${value}`) }))}
      />
      <LoadGate query={query}>
        {(result) => (
          <>
            <DataTable
              caption={t(`admin.reviews.status.${status}`)}
              testId="reported-reviews"
              columns={[
                t('admin.reviews.review'),
                t('admin.reviews.provider'),
                t('admin.reviews.reports'),
                t('admin.reviews.state'),
                t('admin.common.actions'),
              ]}
            >
              {result.data.length === 0 ? (
                <EmptyRow colSpan={5}>{t('admin.reviews.empty')}</EmptyRow>
              ) : (
                result.data.map((review) => <ReviewRow key={review.identifier} review={review} />)
              )}
            </DataTable>
            <Pagination
              page={result.meta.page}
              totalPages={result.meta.totalPages}
              hrefFor={(next) => pageSearch(params, next)}
            />
          </>
        )}
      </LoadGate>
    </>
  );
}

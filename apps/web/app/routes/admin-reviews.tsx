import { useTranslation } from 'react-i18next';
import { AdminPage } from '#app/features/admin/components/admin-page';
import { ReportedReviews } from '#app/features/admin/components/reported-reviews';
import { ReviewDecisionDialog } from '#app/features/admin/components/review-decision-dialog';

/** /admin/reviews/: reviews providers reported; hide one (with a reason) or show it again. */
export default function AdminReviewsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.reviews.title')} intro={t('admin.reviews.intro')}>
      <ReportedReviews />
      <ReviewDecisionDialog />
    </AdminPage>
  );
}

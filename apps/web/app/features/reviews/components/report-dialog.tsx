import { type ReportReviewBody, ReportReviewBodySchema } from '@app/shared/schemas/reviews';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { useWords } from '#app/lib/words';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { TextAreaField } from '#app/ui/form-fields';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { useReportReview } from '../api/report-review';
import { REVIEW_MODALS } from '../lib/modals';

/** The reviewed provider tells the back office why a review breaks the rules; it stays visible until an admin decides. */
export function ReportDialog() {
  const { t } = useWords();
  const binding = useModalBinding(REVIEW_MODALS.report);
  const modals = useModals();
  const review = modals.propsOf(REVIEW_MODALS.report)?.review;
  const toast = useToast();
  const revalidator = useRevalidator();
  const report = useReportReview();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ReportReviewBody>({ resolver: zodResolver(ReportReviewBodySchema), defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(async (body) => {
    if (!review) return;
    try {
      const answer = await report.mutateAsync({ reviewId: review.identifier, body });
      toast.success(answer.message);
      reset();
      modals.closeAll();
      void revalidator.revalidate();
    } catch (error) {
      showServerError(error, { setError, fields: ['reason'], toast, t });
    }
  });

  return (
    <Dialog {...binding} title={t('reviewScreens.report.title')} description={t('reviewScreens.report.intro')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextAreaField
          label={t('reviewScreens.report.reason')}
          error={tMessage(t, errors.reason?.message)}
          {...register('reason')}
        />
        <Button type="submit" loading={report.isPending}>
          {t('reviewScreens.report.submit')}
        </Button>
      </form>
    </Dialog>
  );
}

import {
  type HideReviewBody,
  HideReviewBodySchema,
  REVIEW_REPORT_REASON_MAX,
  type ReportedReview,
} from '@app/shared/schemas/reviews';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { TextAreaField } from '#app/ui/form-fields';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { type ReviewDecision, useSetReviewHidden } from '../api/set-review-hidden';
import { ADMIN_MODALS } from '../lib/modals';

/** The dialog's form (mounted with the open dialog, so every opening starts empty). */
function DecisionForm({ review, hide, provider }: { review: ReportedReview; hide: boolean; provider: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const decide = useSetReviewHidden();
  const form = useForm<HideReviewBody>({ resolver: zodResolver(HideReviewBodySchema), defaultValues: { reason: '' } });

  const run = async (decision: ReviewDecision) => {
    try {
      await decide.mutateAsync({ reviewId: review.identifier, decision });
      toast.success(t(decision.hidden ? 'admin.reviews.hiddenToast' : 'admin.reviews.unhiddenToast', { provider }));
      modals.closeAll();
    } catch (failure) {
      const reasonError = failure instanceof ApiError ? failure.fieldErrors.reason?.[0] : undefined;
      if (reasonError) form.setError('reason', { message: reasonError });
      else toast.error(failure instanceof ApiError ? failure.message : String(failure));
    }
  };

  // Unhiding takes no reason: the form only confirms.
  const submit = hide
    ? form.handleSubmit(({ reason }) => run({ hidden: true, reason }))
    : (event: FormEvent) => {
        event.preventDefault();
        void run({ hidden: false });
      };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {hide ? (
        <TextAreaField
          label={t('admin.reviews.reason')}
          hint={t('admin.reviews.reasonHint')}
          error={tMessage(t, form.formState.errors.reason?.message)}
          maxLength={REVIEW_REPORT_REASON_MAX}
          {...form.register('reason')}
        />
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => modals.closeAll()}>
          {t('admin.common.cancel')}
        </Button>
        <Button type="submit" variant={hide ? 'danger' : 'primary'} loading={decide.isPending}>
          {t(hide ? 'admin.reviews.hide' : 'admin.reviews.unhide')}
        </Button>
      </div>
    </form>
  );
}

/** Confirms hiding a reported review (with the reason kept beside it) or showing it again. */
export function ReviewDecisionDialog() {
  const { t } = useTranslation();
  const modals = useModals();
  const binding = useModalBinding(ADMIN_MODALS.reviewDecision);
  const props = modals.propsOf(ADMIN_MODALS.reviewDecision);
  if (!props) return null;
  const provider = props.review.providerName || t('admin.common.noName');
  return (
    <Dialog
      {...binding}
      title={t(props.hide ? 'admin.reviews.hideTitle' : 'admin.reviews.unhideTitle', { provider })}
      description={t(props.hide ? 'admin.reviews.hideText' : 'admin.reviews.unhideText')}
    >
      <DecisionForm review={props.review} hide={props.hide} provider={provider} />
    </Dialog>
  );
}

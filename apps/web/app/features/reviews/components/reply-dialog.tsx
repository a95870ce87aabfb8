import { type ReviewReplyBody, ReviewReplyBodySchema } from '@app/shared/schemas/reviews';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
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
import { useDeleteReviewReply, useSaveReviewReply } from '../api/reply-to-review';
import { REVIEW_MODALS } from '../lib/modals';

/**
 * The reviewed provider answers a review publicly, under it on their page: once, then the reply
 * may be reworded or deleted (docs/decisions/directory-review-replies-one-per-review-editable.md).
 */
export function ReplyDialog() {
  const { t } = useWords();
  const binding = useModalBinding(REVIEW_MODALS.reply);
  const modals = useModals();
  const review = modals.propsOf(REVIEW_MODALS.reply)?.review;
  const current = review?.reply ?? null;
  const toast = useToast();
  const revalidator = useRevalidator();
  const save = useSaveReviewReply();
  const remove = useDeleteReviewReply();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ReviewReplyBody>({ resolver: zodResolver(ReviewReplyBodySchema), defaultValues: { text: '' } });

  // Each opening starts from the review's reply as published.
  useEffect(() => {
    if (binding.open) reset({ text: current?.text ?? '' });
  }, [binding.open, current, reset]);

  const done = (message: string) => {
    toast.success(message);
    modals.closeAll();
    void revalidator.revalidate();
  };

  const onSubmit = handleSubmit(async (body) => {
    if (!review) return;
    try {
      await save.mutateAsync({ reviewId: review.identifier, body, edit: current !== null });
      done(t('reviewScreens.reply.saved'));
    } catch (error) {
      showServerError(error, { setError, fields: ['text'], toast, t });
    }
  });

  async function onDelete() {
    if (!review) return;
    try {
      await remove.mutateAsync({ reviewId: review.identifier });
      done(t('reviewScreens.reply.deleted'));
    } catch (error) {
      showServerError(error, { setError, fields: [], toast, t });
    }
  }

  return (
    <Dialog
      {...binding}
      title={current ? t('reviewScreens.reply.editTitle') : t('reviewScreens.reply.title')}
      description={t('reviewScreens.reply.intro')}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {review?.comment ? (
          <blockquote className="border-l-4 border-slate-200 pl-3 text-sm whitespace-pre-line text-slate-700">
            {review.comment}
          </blockquote>
        ) : null}
        <TextAreaField
          label={t('reviewScreens.reply.text')}
          error={tMessage(t, errors.text?.message)}
          {...register('text')}
        />
        <Button type="submit" loading={save.isPending}>
          {current ? t('reviewScreens.reply.save') : t('reviewScreens.reply.publish')}
        </Button>
        {current ? (
          <Button
            type="button"
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            loading={remove.isPending}
            onClick={onDelete}
          >
            {t('reviewScreens.reply.delete')}
          </Button>
        ) : null}
      </form>
    </Dialog>
  );
}

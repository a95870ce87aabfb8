import {
  type OwnReview,
  REVIEW_COMMENT_MAX,
  REVIEW_REFRESH_DELAY_MS,
  type ReviewBody,
  ReviewBodySchema,
} from '@app/shared/schemas/reviews';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useRevalidator, useSearchParams } from 'react-router';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { useWords } from '#app/lib/words';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { TextAreaField } from '#app/ui/form-fields';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useBookingReview } from '../api/get-booking-review';
import { useSaveReview } from '../api/save-review';
import { REVIEW_MODALS } from '../lib/modals';
import { RatingInput } from './rating-input';

type FormValues = { rating: number | undefined; comment: string; isAnonymous: boolean };

/**
 * Review a session or edit the review (SPEC.md §2 "Edit reviews", §4, §5, §9): a rating in half
 * steps, an optional comment of 5-2500 characters, and the anonymous option. A review can be
 * edited once; after saving, the screen refreshes after 2 seconds. Opened from a completed
 * session, or by the `participantId` query parameter (the booking).
 */
export function ReviewDialog() {
  const { t } = useWords();
  const modals = useModals();
  const binding = useModalBinding(REVIEW_MODALS.review);
  const props = modals.propsOf(REVIEW_MODALS.review);
  const [params, setParams] = useSearchParams();
  const participantId = params.get('participantId');

  // A link with ?participantId=<booking> opens the dialog once.
  const opened = useRef<string | null>(null);
  const { open } = modals;
  useEffect(() => {
    if (participantId && opened.current !== participantId) {
      opened.current = participantId;
      open(REVIEW_MODALS.review, { bookingId: participantId, providerName: '' });
    }
  }, [participantId, open]);

  const onOpenChange = (open: boolean) => {
    binding.onOpenChange(open);
    if (!open && participantId) {
      const next = new URLSearchParams(params);
      next.delete('participantId');
      setParams(next, { replace: true, preventScrollReset: true });
    }
  };

  return (
    <Dialog
      open={binding.open}
      onOpenChange={onOpenChange}
      size="md"
      title={t('reviewScreens.dialog.title')}
      description={props?.providerName ? t('reviewScreens.dialog.with', { name: props.providerName }) : undefined}
    >
      {props ? (
        <ReviewBodyView key={props.bookingId} bookingId={props.bookingId} onClose={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function ReviewBodyView({ bookingId, onClose }: { bookingId: string; onClose(): void }) {
  const { t } = useWords();
  const existing = useBookingReview(bookingId);
  if (existing.isPending) {
    return (
      <div className="flex justify-center py-8 text-brand-700">
        <Spinner />
      </div>
    );
  }
  if (existing.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {existing.error.message}
      </p>
    );
  }
  const review = existing.data;
  if (review && review.editsLeft === 0) {
    return (
      <div className="flex flex-col gap-4">
        <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-800" data-testid="review-locked">
          {t('reviewScreens.dialog.editedOnce')}
        </p>
        <Button variant="secondary" onClick={onClose}>
          {t('bookingScreens.close')}
        </Button>
      </div>
    );
  }
  return <ReviewForm bookingId={bookingId} review={review} onClose={onClose} />;
}

function ReviewForm({ bookingId, review, onClose }: { bookingId: string; review: OwnReview | null; onClose(): void }) {
  const { t } = useWords();
  const toast = useToast();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const save = useSaveReview();
  const [saved, setSaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, ReviewBody>({
    resolver: zodResolver(ReviewBodySchema) as never,
    defaultValues: {
      rating: review?.rating,
      comment: review?.comment ?? '',
      isAnonymous: review?.isAnonymous ?? false,
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync(
        review ? { mode: 'edit', reviewId: review.identifier, body } : { mode: 'create', bookingId, body },
      );
      toast.success(t(review ? 'reviewScreens.updated' : 'reviewScreens.created'));
      setSaved(true);
      // SPEC.md §9: the review refresh waits 2 s.
      timer.current = setTimeout(() => {
        void queryClient.invalidateQueries();
        void revalidator.revalidate();
        onClose();
      }, REVIEW_REFRESH_DELAY_MS);
    } catch (error) {
      showServerError(error, { setError, fields: ['rating', 'comment'], toast, t });
    }
  });

  if (saved) {
    return (
      <p role="status" className="rounded-xl bg-green-50 px-4 py-3 text-sm text-green-900" data-testid="review-saved">
        {t(review ? 'reviewScreens.updated' : 'reviewScreens.thanks')}
      </p>
    );
  }
  const comment = watch('comment') ?? '';
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {review ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('reviewScreens.dialog.editOnce')}
        </p>
      ) : null}
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <RatingInput value={field.value} onChange={field.onChange} error={tMessage(t, errors.rating?.message)} />
        )}
      />
      <TextAreaField
        label={t('reviewScreens.form.comment')}
        hint={t('reviewScreens.form.commentHint', { count: comment.length, maximum: REVIEW_COMMENT_MAX })}
        maxLength={REVIEW_COMMENT_MAX}
        error={tMessage(t, errors.comment?.message)}
        {...register('comment')}
      />
      <label className="inline-flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-700" {...register('isAnonymous')} />
        <span>
          {t('reviewScreens.form.anonymous')}
          <span className="block text-xs text-slate-600">{t('reviewScreens.form.anonymousHint')}</span>
        </span>
      </label>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('reviewScreens.form.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t(review ? 'reviewScreens.form.saveEdit' : 'reviewScreens.form.submit')}
        </Button>
      </div>
    </form>
  );
}

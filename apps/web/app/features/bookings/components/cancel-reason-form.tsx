import { type CancelBookingBody, CancelBookingBodySchema } from '@app/shared/schemas/bookings';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { NoteField } from './note-field';

export interface CancelReasonFormProps {
  /** What cancelling would do now, above the form's own words. */
  children: ReactNode;
  /** Below the reason (the policy's link). */
  footer?: ReactNode;
  confirmLabel: string;
  pending: boolean;
  disabled?: boolean;
  /** Sends the reason; a refusal is shown on the reason field or as a toast. */
  onSubmit(body: CancelBookingBody): Promise<void>;
  onKeep(): void;
}

/**
 * The form of a cancellation, of one booking or of the rest of a series: what it would do, that
 * it is final, the required reason, then keep or cancel.
 */
export function CancelReasonForm({
  children,
  footer,
  confirmLabel,
  pending,
  disabled,
  onSubmit,
  onKeep,
}: CancelReasonFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<{ note: string }, unknown, CancelBookingBody>({
    resolver: zodResolver(CancelBookingBodySchema),
    defaultValues: { note: '' },
  });
  const submit = handleSubmit(async (body) => {
    try {
      await onSubmit(body);
    } catch (error) {
      showServerError(error, { setError, fields: ['note'], toast, t });
    }
  });
  const note = watch('note') ?? '';

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {children}
      <p className="text-sm text-slate-700">{t('bookingScreens.cancel.final')}</p>
      <NoteField
        label={t('bookingScreens.cancel.reason')}
        length={note.length}
        error={tMessage(t, errors.note?.message)}
        required
        {...register('note')}
      />
      {footer}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onKeep}>
          {t('bookingScreens.cancel.keep')}
        </Button>
        <Button type="submit" variant="danger" loading={pending} disabled={disabled}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}

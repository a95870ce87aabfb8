import { CancelBookingBodySchema, RejectBookingBodySchema } from '@app/shared/schemas/bookings';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { NoteField } from './note-field';

/** A reason the other party receives: why a booking is cancelled, or why it is declined. */
const REASONS = {
  cancel: {
    schema: CancelBookingBodySchema,
    final: 'bookingScreens.cancel.final',
    reason: 'bookingScreens.cancel.reason',
    keep: 'bookingScreens.cancel.keep',
  },
  decline: {
    schema: RejectBookingBodySchema,
    final: 'bookingScreens.decline.final',
    reason: 'bookingScreens.decline.reason',
    keep: 'bookingScreens.decline.keep',
  },
} as const;

export interface ReasonFormProps {
  /** Cancelling (a booking or the rest of a series) or declining: its check and its words. */
  kind: keyof typeof REASONS;
  /** What it would do now, above the form's own words. */
  children: ReactNode;
  /** What the reason field's label names (the person who receives it). */
  recipient?: string;
  /** Below the reason (the policy's link). */
  footer?: ReactNode;
  confirmLabel: string;
  pending: boolean;
  disabled?: boolean;
  /** Sends the reason; a refusal is shown on the reason field or as a toast. */
  onSubmit(body: { note: string }): Promise<void>;
  onKeep(): void;
}

/**
 * The form that ends a booking with a reason (cancelling one, the rest of a series, or
 * declining): what it would do, that it is final, the required reason, then keep or go ahead.
 */
export function ReasonForm({
  kind,
  children,
  recipient,
  footer,
  confirmLabel,
  pending,
  disabled,
  onSubmit,
  onKeep,
}: ReasonFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<{ note: string }, unknown, { note: string }>({
    resolver: zodResolver(REASONS[kind].schema),
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
  const words = REASONS[kind];

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {children}
      <p className="text-sm text-slate-700">{t(words.final)}</p>
      <NoteField
        label={t(words.reason, { name: recipient })}
        length={note.length}
        error={tMessage(t, errors.note?.message)}
        required
        {...register('note')}
      />
      {footer}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onKeep}>
          {t(words.keep)}
        </Button>
        <Button type="submit" variant="danger" loading={pending} disabled={disabled}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}

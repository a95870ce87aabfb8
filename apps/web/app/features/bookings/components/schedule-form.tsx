import { type Booking, type ScheduleBookingBody, ScheduleBookingBodySchema } from '@app/shared/schemas/bookings';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { tMessage } from '../../../lib/t-message';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toast';
import { availabilityKeys } from '../../availability/api/keys';
import { BookingCalendar, type TimeSlot } from '../../availability/components/booking-calendar';
import { useViewerZone } from '../../availability/lib/viewer-zone';
import { longDateOf, timeRangeOf } from '../lib/format';
import { NoteField } from './note-field';

export interface ScheduleFormProps {
  booking: Booking;
  /** Sends the chosen slot; errors are shown here (fields inline, the rest as a toast). */
  submit(body: ScheduleBookingBody): Promise<unknown>;
  submitLabel: string;
  noteLabel: string;
  /** Shown above the button (remaining reschedules, approval notice). */
  children?: ReactNode;
  /** Disables the button (e.g. "Rescheduling limit reached"). */
  disabled?: boolean;
  /** id of the heading that names the calendar. */
  labelledBy?: string;
  initialNote?: string;
}

/**
 * The booking calendar and time-slot picker with an optional note (SPEC.md §5: the slot is
 * required — 'Please select a time slot' — the note at most 400 characters). Used to schedule a
 * booking and, in the dialogs, to schedule or reschedule one.
 */
export function ScheduleForm({
  booking,
  submit,
  submitLabel,
  noteLabel,
  children,
  disabled,
  labelledBy,
  initialNote = '',
}: ScheduleFormProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const zone = useViewerZone();
  const id = useId();
  const [slot, setSlot] = useState<TimeSlot | null>(null);
  const [note, setNote] = useState(initialNote);
  const [errors, setErrors] = useState<{ timeslotIdentifier?: string; note?: string }>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = ScheduleBookingBodySchema.safeParse({ timeslotIdentifier: slot?.identifier ?? '', note });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        next[field] ??= tMessage(t, issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await submit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError) {
        const fieldErrors = {
          timeslotIdentifier: error.fieldErrors.timeslotIdentifier?.join(', '),
          note: error.fieldErrors.note?.join(', '),
        };
        if (fieldErrors.timeslotIdentifier || fieldErrors.note) setErrors(fieldErrors);
        else toast.error(error.message);
        if (error.status === 409 || fieldErrors.timeslotIdentifier) {
          // The slot went to someone else (or disappeared): show the calendar as it is now.
          setSlot(null);
          await queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
        }
      } else {
        toast.error(t('accounts.networkError'));
      }
    } finally {
      setPending(false);
    }
  }

  const slotErrorId = `${id}-slot-error`;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <BookingCalendar
        providerId={booking.provider.identifier}
        categoryId={booking.therapyCategory?.identifier ?? null}
        timezone={zone}
        value={slot}
        onChange={(next) => {
          setSlot(next);
          if (next) setErrors((current) => ({ ...current, timeslotIdentifier: undefined }));
        }}
        labelledBy={labelledBy}
      />
      <p aria-live="polite" className="rounded-xl bg-slate-50 px-4 py-3 text-sm font-medium text-slate-800">
        {slot && zone
          ? t('bookingScreens.schedule.chosen', {
              date: longDateOf(slot.startAt, zone, i18n.language),
              time: timeRangeOf(slot.startAt, slot.endAt, zone),
            })
          : t('bookingScreens.schedule.nothingChosen')}
      </p>
      {errors.timeslotIdentifier ? (
        <p id={slotErrorId} role="alert" className="-mt-3 text-sm text-red-700">
          {errors.timeslotIdentifier}
        </p>
      ) : null}
      <NoteField
        label={noteLabel}
        length={note.length}
        value={note}
        onChange={(event) => {
          setNote(event.target.value);
          if (errors.note) setErrors((current) => ({ ...current, note: undefined }));
        }}
        error={errors.note}
        rows={3}
      />
      {children}
      <div className="flex justify-end">
        <Button type="submit" loading={pending} disabled={disabled} className="w-full sm:w-auto">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

import {
  type Booking,
  type ScheduleBookingBody,
  ScheduleBookingBodySchema,
  type SeriesCadence,
  SeriesOccurrencesSchema,
} from '@app/shared/schemas/bookings';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { availabilityKeys } from '#app/api/keys/availability';
import { longDateOf, timeRangeOf } from '#app/lib/format';
import { tMessage } from '#app/lib/t-message';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { BookingCalendar, type TimeSlot } from './booking-calendar';
import { NoteField } from './note-field';
import { SERIES_DEFAULT, SeriesChoice, type SeriesChoiceValue } from './series-choice';

export interface RepeatOption {
  /** The provider's zone (the series' time is kept on their wall clock). */
  providerZone: string;
  priceMinor: number;
  currencyCode: string;
  /** Books the series (the chosen slot is its first session). */
  submitSeries(body: ScheduleBookingBody & { occurrences: number; cadence: SeriesCadence }): Promise<unknown>;
  /** The button's words for a series of `count` sessions. */
  submitLabel(count: number): string;
}

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
  /** Offers "Book a series" (the booking flow): the slot then starts a weekly or fortnightly series. */
  repeat?: RepeatOption;
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
  repeat,
}: ScheduleFormProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const zone = useViewerZone();
  const id = useId();
  const [slot, setSlot] = useState<TimeSlot | null>(null);
  const [note, setNote] = useState(initialNote);
  const [errors, setErrors] = useState<{ timeslotIdentifier?: string; note?: string; series?: string }>({});
  const [pending, setPending] = useState(false);
  const [repeatValue, setRepeatValue] = useState<SeriesChoiceValue>(SERIES_DEFAULT);
  const asSeries = repeat !== undefined && repeatValue.enabled;

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = ScheduleBookingBodySchema.safeParse({ timeslotIdentifier: slot?.identifier ?? '', note });
    const occurrences = asSeries ? SeriesOccurrencesSchema.safeParse(repeatValue.occurrences) : null;
    if (!parsed.success || (occurrences && !occurrences.success)) {
      const next: typeof errors = {};
      for (const issue of parsed.error?.issues ?? []) {
        const field = issue.path[0] as keyof typeof errors;
        next[field] ??= tMessage(t, issue.message);
      }
      if (occurrences && !occurrences.success) next.series = tMessage(t, occurrences.error.issues[0]?.message);
      setErrors(next);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      if (repeat && occurrences?.success)
        await repeat.submitSeries({ ...parsed.data, occurrences: occurrences.data, cadence: repeatValue.cadence });
      else await submit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SERIES_SLOT_UNAVAILABLE') {
        // A later week is taken: nothing was booked; the choices stay so the user can adjust them.
        setErrors({ series: error.message });
      } else if (error instanceof ApiError) {
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
          if (next) setErrors((current) => ({ ...current, timeslotIdentifier: undefined, series: undefined }));
        }}
        labelledBy={labelledBy}
      />
      <p aria-live="polite" className="rounded-xl bg-slate-50 px-4 py-3 text-sm font-medium text-slate-800">
        {slot && zone
          ? t('bookingScreens.schedule.chosen', {
              date: longDateOf(slot.startAt, zone, i18n.language),
              time: timeRangeOf(slot.startAt, slot.endAt, zone, i18n.language),
            })
          : t('bookingScreens.schedule.nothingChosen')}
      </p>
      {errors.timeslotIdentifier ? (
        <p id={slotErrorId} role="alert" className="-mt-3 text-sm text-red-700">
          {errors.timeslotIdentifier}
        </p>
      ) : null}
      {repeat && zone ? (
        <SeriesChoice
          slot={slot}
          value={repeatValue}
          onChange={(next) => {
            setRepeatValue(next);
            setErrors((current) => ({ ...current, series: undefined }));
          }}
          providerZone={repeat.providerZone}
          zone={zone}
          priceMinor={repeat.priceMinor}
          currencyCode={repeat.currencyCode}
          error={errors.series}
        />
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
          {repeat && asSeries ? repeat.submitLabel(repeatValue.occurrences) : submitLabel}
        </Button>
      </div>
    </form>
  );
}

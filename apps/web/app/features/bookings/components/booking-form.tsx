import type { Booking } from '@app/shared/schemas/bookings';
import { type CreateBookingBody, CreateBookingBodySchema, type PublicProvider } from '@app/shared/schemas/bookings';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showServerError } from '#app/api/server-errors';
import { chosenTimeOf } from '#app/lib/booking-path';
import { shortDateOf, timeOf } from '#app/lib/format';
import { paths } from '#app/lib/paths';
import { priceText } from '#app/lib/price';
import { tMessage } from '#app/lib/t-message';
import { useLang } from '#app/lib/use-lang';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { useCreateBooking } from '../api/create-booking';
import { scheduleAtTime } from '../api/schedule-at-time';
import { nextStepPath } from '../lib/next-step';
import { ChoiceGroup } from './choice-group';
import { NoteField } from './note-field';
import { ProviderSummary } from './provider-summary';

export interface BookingFormProps {
  provider: PublicProvider;
  /** The new booking, when no time was chosen (with one, the form goes on to pay by itself). */
  onCreated(booking: Booking): void | Promise<void>;
  /** `?at=`: a time chosen on the therapist's page or card, held once the details are set. */
  chosenAtParam?: string | null;
}

interface Values {
  providerIdentifier: string;
  modalityIdentifier: string;
  therapyIdentifier: string;
  note: string;
}

/**
 * Booking step 1 (SPEC.md §3 "Booking create payload"): modality, therapy and an optional note
 * of at most 400 characters, validated with the API's own schema ('Please select a modality',
 * 'Please select a therapy', 'Note must not exceed 400 characters'), then POST /booking.
 * The therapist's summary beside it is rendered here, as it shows the fee of the therapy chosen
 * in the form (a therapy may have its own fee; the API prices the booking from it), and here it
 * stays out of the route's first load.
 */
export function BookingForm({ provider, onCreated, chosenAtParam = null }: BookingFormProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const create = useCreateBooking();
  const queryClient = useQueryClient();
  const zone = useViewerZone();
  const lang = useLang();
  const navigate = useNavigate();
  // Read once: a chosen time that is already past (or malformed) is no chosen time.
  const [chosenAt] = useState(() => chosenTimeOf(chosenAtParam, Date.now()));
  const only = <T extends { identifier: string }>(items: T[]) =>
    items.length === 1 ? (items[0]?.identifier ?? '') : '';
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, CreateBookingBody>({
    resolver: zodResolver(CreateBookingBodySchema) as never,
    defaultValues: {
      providerIdentifier: provider.identifier,
      modalityIdentifier: only(provider.modalities),
      therapyIdentifier: only(provider.therapies),
      note: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const booking = await create.mutateAsync(values);
      if (!chosenAt || !zone) {
        await onCreated(booking);
        return;
      }
      // In this lazy chunk, not the route: the slot lookup stays out of the route's first load.
      const held = await scheduleAtTime(queryClient, { booking, at: chosenAt, zone });
      navigate(held ? nextStepPath(lang, held) : paths.bookingSchedule(lang, booking.identifier, { taken: '1' }));
    } catch (error) {
      showServerError(error, {
        setError,
        fields: ['modalityIdentifier', 'therapyIdentifier', 'note'],
        toast,
        t,
      });
    }
  });

  const feeText = (fee: PublicProvider['fee']) =>
    !fee
      ? t('bookingScreens.form.feeNotSet')
      : fee.isFree
        ? t('bookingScreens.free')
        : t('bookingScreens.perSession', { price: priceText(fee.amount, fee.currencyCode, lang) });

  const note = watch('note') ?? '';
  const noneOffered = provider.modalities.length === 0 || provider.therapies.length === 0;
  const therapyId = watch('therapyIdentifier');
  // The general fee until a therapy is chosen; the API answers a therapy's own fee or the general one.
  const fee = provider.therapies.find((item) => item.identifier === therapyId)?.fee ?? provider.fee;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-labelledby="booking-form-title">
          {chosenAt && zone ? (
            <div className="rounded-xl bg-brand-50 px-4 py-3 text-brand-900" data-testid="chosen-time">
              <p className="font-semibold">
                {t('bookingScreens.book.chosenTime', {
                  date: shortDateOf(chosenAt, zone, i18n.language),
                  time: timeOf(chosenAt, zone, i18n.language),
                })}
              </p>
              <p className="text-sm">{t('bookingScreens.book.chosenHint')}</p>
            </div>
          ) : null}
          <h2 id="booking-form-title" className="text-lg font-semibold">
            {t('bookingScreens.form.title')}
          </h2>
          {noneOffered ? (
            <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {t('bookingScreens.form.nothingOffered')}
            </p>
          ) : null}
          <input type="hidden" {...register('providerIdentifier')} />
          <ChoiceGroup
            legend={t('bookingScreens.form.modality')}
            options={provider.modalities.map((item) => ({ value: item.identifier, label: item.name }))}
            error={tMessage(t, errors.modalityIdentifier?.message)}
            selected={watch('modalityIdentifier')}
            {...register('modalityIdentifier')}
          />
          <ChoiceGroup
            legend={t('bookingScreens.form.therapy')}
            options={provider.therapies.map((item) => ({
              value: item.identifier,
              label: item.name,
              detail: feeText(item.fee),
            }))}
            error={tMessage(t, errors.therapyIdentifier?.message)}
            selected={watch('therapyIdentifier')}
            {...register('therapyIdentifier')}
          />
          <NoteField
            label={t('bookingScreens.form.note')}
            hint={t('bookingScreens.form.noteHint')}
            length={note.length}
            error={tMessage(t, errors.note?.message)}
            {...register('note')}
          />
          <div className="flex justify-end">
            <Button type="submit" loading={create.isPending || isSubmitting} className="w-full sm:w-auto">
              {t(chosenAt ? 'bookingScreens.form.holdAndContinue' : 'bookingScreens.form.continue')}
            </Button>
          </div>
        </form>
      </div>
      <ProviderSummary name={provider.name} title={provider.title} photo={provider.photo} headline={provider.headline}>
        <p className="text-sm text-slate-700" data-testid="booking-fee">
          <span className="font-semibold text-slate-900">{feeText(fee)}</span>
          <span className="block text-slate-600">
            {t('bookingScreens.facts.minutes', { count: provider.sessionMinutes })}
          </span>
        </p>
      </ProviderSummary>
    </div>
  );
}

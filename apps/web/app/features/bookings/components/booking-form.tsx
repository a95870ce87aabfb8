import type { Booking } from '@app/shared/schemas/bookings';
import { type CreateBookingBody, CreateBookingBodySchema, type PublicProvider } from '@app/shared/schemas/bookings';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { priceText } from '#app/lib/price';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { useCreateBooking } from '../api/create-booking';
import { ChoiceGroup } from './choice-group';
import { NoteField } from './note-field';

export interface BookingFormProps {
  provider: PublicProvider;
  /** Awaited: the button keeps spinning while the page goes on (holding a chosen time). */
  onCreated(booking: Booking): void | Promise<void>;
  /** The button's words when they are not "Continue to choose a time". */
  submitLabel?: string;
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
 */
export function BookingForm({ provider, onCreated, submitLabel }: BookingFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateBooking();
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
      await onCreated(await create.mutateAsync(values));
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
        : t('bookingScreens.perSession', { price: priceText(fee.amount, fee.currencyCode) });

  const note = watch('note') ?? '';
  const noneOffered = provider.modalities.length === 0 || provider.therapies.length === 0;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-labelledby="booking-form-title">
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
          {submitLabel ?? t('bookingScreens.form.continue')}
        </Button>
      </div>
    </form>
  );
}

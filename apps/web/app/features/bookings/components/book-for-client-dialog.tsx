import {
  type Booking,
  type CreateAppointmentBody,
  CreateAppointmentBodySchema,
  PARTICIPANT_HOLD_HOURS,
  type PublicProvider,
} from '@app/shared/schemas/bookings';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { useProvider } from '#app/api/get-provider';
import { availabilityKeys } from '#app/api/keys/availability';
import { showServerError } from '#app/api/server-errors';
import { longDateOf, timeRangeOf } from '#app/lib/format';
import { priceText } from '#app/lib/price';
import { tMessage } from '#app/lib/t-message';
import { useLang } from '#app/lib/use-lang';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { InlineError } from '#app/ui/inline-error';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useCreateAppointment } from '../api/create-appointment';
import { BOOKING_MODALS, type BookForClientTarget } from '../lib/modals';
import { BookingCalendar, type TimeSlot } from './booking-calendar';
import { ChoiceGroup } from './choice-group';
import { NoteField } from './note-field';

/** The target of the dialog's props: an appointment's client, or a client page's. */
export function bookForClientTarget(
  props: { booking: Booking } | { target: BookForClientTarget } | undefined,
): BookForClientTarget | null {
  if (!props) return null;
  if ('target' in props) return props.target;
  const { booking } = props;
  return {
    client: booking.client,
    providerIdentifier: booking.provider.identifier,
    therapyIdentifier: booking.therapyCategory?.identifier,
    modalityIdentifier: booking.modality?.identifier,
  };
}

/**
 * "Book another session" (provider, SPEC.md §6: providers book with POST /appointment): therapy,
 * session type, note and a day and time from the provider's own public slots, for the client of
 * the appointment the dialog was opened from (props `{ booking }`) or of a client's page (props
 * `{ target }`). The client then accepts or declines it.
 */
export function BookForClientDialog({ target }: { target: BookForClientTarget | null }) {
  const { t } = useTranslation();
  const binding = useModalBinding(BOOKING_MODALS.bookForClient);
  const open = binding.open && target !== null;
  return (
    <Dialog
      {...binding}
      open={open}
      title={target ? t('bookingScreens.bookForClient.title', { name: target.client.name }) : ''}
      description={
        target
          ? t('bookingScreens.bookForClient.intro', { name: target.client.name, hours: PARTICIPANT_HOLD_HOURS })
          : undefined
      }
      size="lg"
    >
      {target ? <ProviderOffer target={target} /> : null}
    </Dialog>
  );
}

function ProviderOffer({ target }: { target: BookForClientTarget }) {
  const provider = useProvider(target.providerIdentifier);
  if (provider.isPending) {
    return (
      <div className="flex justify-center py-6 text-brand-700">
        <Spinner />
      </div>
    );
  }
  if (provider.isError) {
    return <InlineError error={provider.error} onRetry={() => provider.refetch()} retrying={provider.isRefetching} />;
  }
  return <BookForClientForm target={target} provider={provider.data} />;
}

interface Values {
  clientIdentifier: string;
  modalityIdentifier: string;
  therapyIdentifier: string;
  timeslotIdentifier: string;
  note: string;
}

const FIELDS = ['clientIdentifier', 'modalityIdentifier', 'therapyIdentifier', 'timeslotIdentifier', 'note'] as const;

export function BookForClientForm({ target, provider }: { target: BookForClientTarget; provider: PublicProvider }) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const toast = useToast();
  const modals = useModals();
  const queryClient = useQueryClient();
  const zone = useViewerZone();
  const id = useId();
  const create = useCreateAppointment();
  const [slot, setSlot] = useState<TimeSlot | null>(null);
  // The same therapy and session type as this appointment when still offered, else the only one.
  const initial = <T extends { identifier: string }>(items: T[], current: string | undefined) =>
    items.find((item) => item.identifier === current)?.identifier ??
    (items.length === 1 ? (items[0]?.identifier ?? '') : '');
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<Values, unknown, CreateAppointmentBody>({
    resolver: zodResolver(CreateAppointmentBodySchema) as never,
    defaultValues: {
      clientIdentifier: target.client.identifier,
      modalityIdentifier: initial(provider.modalities, target.modalityIdentifier),
      therapyIdentifier: initial(provider.therapies, target.therapyIdentifier),
      timeslotIdentifier: '',
      note: '',
    },
  });

  const therapyId = watch('therapyIdentifier');
  // A provider with one calendar per therapy shows the chosen therapy's; GENERAL has one.
  const categoryId = provider.setupType === 'BY_CATEGORY' ? therapyId || null : null;
  const note = watch('note') ?? '';
  const headingId = `${id}-time`;
  const slotErrorId = `${id}-slot-error`;

  function choose(next: TimeSlot | null) {
    setSlot(next);
    setValue('timeslotIdentifier', next?.identifier ?? '', { shouldValidate: isSubmitted });
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(t('bookingScreens.bookForClient.success', { name: target.client.name }));
      modals.closeAll();
    } catch (error) {
      showServerError(error, { setError, fields: FIELDS, toast, t });
      if (error instanceof ApiError && error.status === 409) {
        // The time went to someone else: show the calendar as it is now.
        choose(null);
        await queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
      }
    }
  });

  const feeText = (fee: PublicProvider['therapies'][number]['fee']) =>
    !fee
      ? t('bookingScreens.form.feeNotSet')
      : fee.isFree
        ? t('bookingScreens.free')
        : t('bookingScreens.perSession', { price: priceText(fee.amount, fee.currencyCode, lang) });
  const noneOffered = provider.modalities.length === 0 || provider.therapies.length === 0;
  const slotError = tMessage(t, errors.timeslotIdentifier?.message);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" data-testid="book-for-client">
      {noneOffered ? (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('bookingScreens.bookForClient.nothingOffered')}
        </p>
      ) : null}
      <input type="hidden" {...register('clientIdentifier')} />
      {errors.clientIdentifier ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {tMessage(t, errors.clientIdentifier.message)}
        </p>
      ) : null}
      <ChoiceGroup
        legend={t('bookingScreens.bookForClient.therapy')}
        options={provider.therapies.map((item) => ({
          value: item.identifier,
          label: item.name,
          detail: feeText(item.fee),
        }))}
        error={tMessage(t, errors.therapyIdentifier?.message)}
        selected={therapyId}
        {...register('therapyIdentifier', {
          // Another therapy may have another calendar: the chosen time no longer applies.
          onChange: () => {
            if (provider.setupType === 'BY_CATEGORY') choose(null);
          },
        })}
      />
      <ChoiceGroup
        legend={t('bookingScreens.bookForClient.modality')}
        options={provider.modalities.map((item) => ({ value: item.identifier, label: item.name }))}
        error={tMessage(t, errors.modalityIdentifier?.message)}
        selected={watch('modalityIdentifier')}
        {...register('modalityIdentifier')}
      />
      <div className="flex flex-col gap-3">
        <h3 id={headingId} className="text-sm font-medium">
          {t('bookingScreens.bookForClient.time')}
        </h3>
        <BookingCalendar
          providerId={provider.identifier}
          categoryId={categoryId}
          timezone={zone}
          value={slot}
          onChange={choose}
          labelledBy={headingId}
        />
        <p aria-live="polite" className="rounded-xl bg-slate-50 px-4 py-3 text-sm font-medium text-slate-800">
          {slot && zone
            ? t('bookingScreens.schedule.chosen', {
                date: longDateOf(slot.startAt, zone, i18n.language),
                time: timeRangeOf(slot.startAt, slot.endAt, zone, i18n.language),
              })
            : t('bookingScreens.schedule.nothingChosen')}
        </p>
        {slotError ? (
          <p id={slotErrorId} role="alert" className="-mt-1 text-sm text-red-700">
            {slotError}
          </p>
        ) : null}
      </div>
      <NoteField
        label={t('bookingScreens.bookForClient.note')}
        length={note.length}
        error={tMessage(t, errors.note?.message)}
        rows={3}
        {...register('note')}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={create.isPending} disabled={noneOffered} className="w-full sm:w-auto">
          {t('bookingScreens.bookForClient.submit')}
        </Button>
      </div>
    </form>
  );
}

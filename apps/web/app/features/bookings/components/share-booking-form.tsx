import { ShareBookingBodySchema } from '@app/shared/schemas/bookings';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { useToast } from '#app/ui/toast';
import { useShareBooking } from '../api/share-booking';

interface Values {
  bookingIdentifier: string;
  email: string;
  consent: boolean;
}

/** Emails the booking summary to an address (POST /share-booking); sharing needs explicit consent. */
export function ShareBookingForm({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const share = useShareBooking();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(ShareBookingBodySchema) as never,
    defaultValues: { bookingIdentifier: bookingId, email: '', consent: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await share.mutateAsync({ bookingIdentifier: bookingId, email: values.email, consent: true });
      toast.success(answer.message);
      reset({ bookingIdentifier: bookingId, email: '', consent: false });
    } catch (error) {
      showServerError(error, { setError, fields: ['email', 'consent'], toast, t });
    }
  });

  const consentError = tMessage(t, errors.consent?.message);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <input type="hidden" {...register('bookingIdentifier')} />
      <Field
        label={t('bookingScreens.share.email')}
        type="email"
        autoComplete="email"
        error={tMessage(t, errors.email?.message)}
        {...register('email')}
      />
      <div className="flex flex-col gap-1">
        <label className="flex cursor-pointer items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-brand-700"
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? 'share-consent-error' : undefined}
            {...register('consent')}
          />
          {t('bookingScreens.share.consent')}
        </label>
        {consentError ? (
          <p id="share-consent-error" role="alert" className="text-sm text-red-700">
            {consentError}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" variant="secondary" loading={share.isPending}>
          {t('bookingScreens.share.submit')}
        </Button>
      </div>
    </form>
  );
}

import { BOOKING_RULE_LIMITS } from '@app/shared/calendar-rules';
import {
  type AvailabilitySettings,
  type BookingRulesInput,
  BookingRulesSchema,
} from '@app/shared/schemas/availability';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { useToast } from '#app/ui/toast';
import { useSaveBookingRules } from '../api/save-booking-rules';
import { placeServerErrors } from '../lib/form-errors';

type RuleField = keyof BookingRulesInput;

/** An empty cap field means "no limit". */
const optionalCount = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/**
 * Booking rules: minimum notice, booking horizon, buffers before and after a session, and the
 * daily and weekly maximum of sessions. Validated with the API's own schema.
 */
export function BookingRulesCard({ settings }: { settings: AvailabilitySettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveBookingRules();
  const form = useForm<BookingRulesInput>({
    resolver: zodResolver(BookingRulesSchema),
    defaultValues: settings.bookingRules,
  });
  const errors = form.formState.errors;
  const error = (field: RuleField) => tMessage(t, errors[field]?.message);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(t('availabilityScreens.rules.saved'));
    } catch (failure) {
      // The server names fields "bookingRules.minNoticeHours"; the form's are the last part.
      placeServerErrors(failure, {
        setError: (name, value) => form.setError(String(name).replace('bookingRules.', '') as RuleField, value),
        prefixes: ['bookingRules'],
        toast,
        t,
      });
    }
  });

  const numberField = (field: RuleField, limits: { min: number; max: number }, optional = false) => (
    <Field
      type="number"
      inputMode="numeric"
      min={limits.min}
      max={limits.max}
      step={1}
      label={t(`availabilityScreens.rules.${field}`)}
      hint={t(`availabilityScreens.rules.${field}Hint`, limits)}
      error={error(field)}
      {...form.register(field, optional ? { setValueAs: optionalCount } : { valueAsNumber: true })}
    />
  );

  return (
    <section
      aria-labelledby="rules-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="rules-heading" className="text-lg font-semibold text-slate-900">
        {t('availabilityScreens.rules.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('availabilityScreens.rules.intro')}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          {numberField('minNoticeHours', BOOKING_RULE_LIMITS.minNoticeHours)}
          {numberField('horizonDays', BOOKING_RULE_LIMITS.horizonDays)}
          {numberField('bufferBeforeMinutes', BOOKING_RULE_LIMITS.bufferMinutes)}
          {numberField('bufferAfterMinutes', BOOKING_RULE_LIMITS.bufferMinutes)}
          {numberField('dailyMax', BOOKING_RULE_LIMITS.dailyMax, true)}
          {numberField('weeklyMax', BOOKING_RULE_LIMITS.weeklyMax, true)}
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending}>
            {t('availabilityScreens.rules.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

import { type ClientProfile, type ClientProfileUpdate, ClientProfileUpdateSchema } from '@app/shared/schemas/profiles';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { tMessage } from '../../lib/t-message';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { SearchableSelect } from '../../ui/searchable-select';
import { useToast } from '../../ui/toast';
import { showServerError } from '../auth/server-errors';
import { type PreferenceOptions, usePreferenceOptions } from './api/get-preference-options';
import { useUpdateClientProfile } from './api/update-client-profile';
import { Card, SelectField } from './form-fields';
import { textFormResolver } from './form-resolver';
import { LoadGate } from './load-gate';
import { LocationFields } from './location-fields';
import { genderOptions, namedOptions, text, timezoneOptions } from './options';

const FIELDS = [
  'firstName',
  'lastName',
  'userName',
  'zipCode',
  'countryIdentifier',
  'stateIdentifier',
  'dob',
  'religionIdentifier',
  'ethnicityIdentifier',
  'gender',
  'timezone',
] as const;

type ClientFormValues = Record<(typeof FIELDS)[number], string>;

function toValues(profile: ClientProfile): ClientFormValues {
  return {
    firstName: text(profile.firstName),
    lastName: text(profile.lastName),
    userName: text(profile.userName),
    zipCode: text(profile.zipCode),
    countryIdentifier: text(profile.countryIdentifier),
    stateIdentifier: text(profile.stateIdentifier),
    dob: text(profile.dob),
    religionIdentifier: text(profile.religionIdentifier),
    ethnicityIdentifier: text(profile.ethnicityIdentifier),
    gender: text(profile.gender),
    timezone: profile.timezone,
  };
}

/** SPEC.md §5 "Client profile": names, username, zip, country, state, birth date, religion, background, gender, time zone. */
export function ClientProfileForm({ profile }: { profile: ClientProfile }) {
  const { t } = useTranslation();
  const lists = usePreferenceOptions();
  return (
    <Card
      headingId="client-profile-heading"
      title={t('profileScreens.client.heading')}
      description={t('profileScreens.client.intro')}
    >
      <LoadGate query={lists}>{(data) => <ClientProfileFields profile={profile} lists={data} />}</LoadGate>
    </Card>
  );
}

function ClientProfileFields({ profile, lists }: { profile: ClientProfile; lists: PreferenceOptions }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateClientProfile();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors },
  } = useForm<ClientFormValues, unknown, ClientProfileUpdate>({
    resolver: textFormResolver(ClientProfileUpdateSchema),
    defaultValues: toValues(profile),
  });
  const error = (field: keyof ClientFormValues) => tMessage(t, errors[field]?.message);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(toValues(saved));
      toast.success(t('profiles.dataSaved'));
    } catch (failure) {
      showServerError(failure, { setError, fields: FIELDS, toast, t });
    }
  });

  const notSpecified = t('profileScreens.notSpecified');

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="client-profile-heading" className="flex flex-col gap-6">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {t('profileScreens.sections.personal')}
        </legend>
        <Field
          label={t('profileScreens.fields.firstName')}
          autoComplete="given-name"
          error={error('firstName')}
          {...register('firstName')}
        />
        <Field
          label={t('profileScreens.fields.lastName')}
          autoComplete="family-name"
          error={error('lastName')}
          {...register('lastName')}
        />
        <Field
          label={t('profileScreens.fields.userName')}
          autoComplete="username"
          hint={t('profileScreens.fields.userNameHint')}
          error={error('userName')}
          {...register('userName')}
        />
        <Field
          label={t('profileScreens.fields.email')}
          value={profile.email}
          readOnly
          className="[&_input]:bg-slate-50 [&_input]:text-slate-600"
        />
        <Field label={t('profileScreens.fields.dob')} type="date" error={error('dob')} {...register('dob')} />
        <SelectField
          label={t('profileScreens.fields.gender')}
          emptyLabel={notSpecified}
          options={genderOptions(t)}
          error={error('gender')}
          {...register('gender')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {t('profileScreens.sections.location')}
        </legend>
        <LocationFields
          idPrefix="client"
          scope="all"
          country={watch('countryIdentifier')}
          state={watch('stateIdentifier')}
          onCountryChange={(id, country) => {
            setValue('countryIdentifier', id, { shouldDirty: true, shouldValidate: true });
            setValue('stateIdentifier', '', { shouldDirty: true });
            const zones = country?.timezones ?? [];
            if (zones.length > 0 && !zones.includes(watch('timezone')))
              setValue('timezone', zones[0] as string, { shouldDirty: true });
          }}
          onStateChange={(id) => setValue('stateIdentifier', id, { shouldDirty: true, shouldValidate: true })}
          countryError={error('countryIdentifier')}
          stateError={error('stateIdentifier')}
        />
        <Field
          label={t('profileScreens.fields.zipCode')}
          autoComplete="postal-code"
          error={error('zipCode')}
          {...register('zipCode')}
        />
        <Controller
          control={control}
          name="timezone"
          render={({ field }) => (
            <SearchableSelect
              id="client-timezone"
              label={t('profileScreens.fields.timezone')}
              options={timezoneOptions()}
              value={field.value || null}
              onChange={(zone) => field.onChange(zone)}
              error={error('timezone')}
            />
          )}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {t('profileScreens.sections.background')}
        </legend>
        <SelectField
          label={t('profileScreens.fields.religion')}
          emptyLabel={notSpecified}
          options={namedOptions(lists.religion)}
          error={error('religionIdentifier')}
          {...register('religionIdentifier')}
        />
        <SelectField
          label={t('profileScreens.fields.ethnicity')}
          emptyLabel={notSpecified}
          options={namedOptions(lists.background)}
          error={error('ethnicityIdentifier')}
          {...register('ethnicityIdentifier')}
        />
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending}>
          {t('profileScreens.saveChanges')}
        </Button>
      </div>
    </form>
  );
}

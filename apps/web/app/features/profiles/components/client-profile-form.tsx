import { type ClientProfile, type ClientProfileUpdate, ClientProfileUpdateSchema } from '@app/shared/schemas/profiles';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { Card } from '#app/ui/form-fields';
import { LoadGate } from '#app/ui/load-gate';
import { SearchableSelect } from '#app/ui/searchable-select';
import { type PreferenceOptions, usePreferenceOptions } from '../api/get-preference-options';
import { useUpdateClientProfile } from '../api/update-client-profile';
import { textValues, useProfileForm } from '../hooks/use-profile-form';
import { timezoneOptions } from '../lib/options';
import {
  DateOfBirthField,
  EthnicityField,
  FirstNameField,
  FormSection,
  GenderField,
  LastNameField,
  ProfileLocationFields,
  ReligionField,
  ZipCodeField,
} from './profile-fields';

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
  return textValues(profile, FIELDS);
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
  const update = useUpdateClientProfile();
  const form = useProfileForm<ClientFormValues, ClientProfileUpdate, ClientProfile>({
    schema: ClientProfileUpdateSchema,
    defaultValues: toValues(profile),
    fields: FIELDS,
    save: update.mutateAsync,
    onSaved: (saved, { reset }) => reset(toValues(saved)),
  });
  const { register, control, setValue, watch, error, onSubmit } = form;

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="client-profile-heading" className="flex flex-col gap-6">
      <FormSection title={t('profileScreens.sections.personal')}>
        <FirstNameField error={error('firstName')} {...register('firstName')} />
        <LastNameField error={error('lastName')} {...register('lastName')} />
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
        <DateOfBirthField error={error('dob')} {...register('dob')} />
        <GenderField error={error('gender')} {...register('gender')} />
      </FormSection>
      <FormSection title={t('profileScreens.sections.location')}>
        <ProfileLocationFields
          form={form}
          error={error}
          idPrefix="client"
          scope="all"
          onCountryChange={(country) => {
            const zones = country?.timezones ?? [];
            if (zones.length > 0 && !zones.includes(watch('timezone')))
              setValue('timezone', zones[0] as string, { shouldDirty: true });
          }}
        />
        <ZipCodeField error={error('zipCode')} {...register('zipCode')} />
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
      </FormSection>
      <FormSection title={t('profileScreens.sections.background')}>
        <ReligionField lists={lists} error={error('religionIdentifier')} {...register('religionIdentifier')} />
        <EthnicityField lists={lists} error={error('ethnicityIdentifier')} {...register('ethnicityIdentifier')} />
      </FormSection>
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending}>
          {t('profileScreens.saveChanges')}
        </Button>
      </div>
    </form>
  );
}

import type { TherapyCategory } from '@app/shared/schemas/catalog';
import { type ProviderInfoUpdate, ProviderInfoUpdateSchema, type ProviderProfile } from '@app/shared/schemas/profiles';
import { useTranslation } from 'react-i18next';
import { useTherapyCategories } from '#app/api/list-therapy-categories';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { Card, SelectField, TextAreaField } from '#app/ui/form-fields';
import { LoadGate } from '#app/ui/load-gate';
import { type PreferenceOptions, usePreferenceOptions } from '../api/get-preference-options';
import { useUpdateProviderInfo } from '../api/update-provider-info';
import { textValues, useProfileForm } from '../hooks/use-profile-form';
import { namedOptions } from '../lib/options';
import {
  DateOfBirthField,
  EthnicityField,
  FirstNameField,
  FormSection,
  GenderField,
  LastNameField,
  OfficeAddressField,
  ProfileLocationFields,
  ReligionField,
  TitleField,
  ZipCodeField,
} from './profile-fields';

const FIELDS = [
  'firstName',
  'lastName',
  'phoneNumber',
  'headline',
  'title',
  'officeAddress',
  'bio',
  'zipCode',
  'countryIdentifier',
  'stateIdentifier',
  'dob',
  'religionIdentifier',
  'ethnicityIdentifier',
  'gender',
  'disciplineIdentifier',
] as const;

type ProviderFormValues = Record<(typeof FIELDS)[number], string>;

function toValues(info: ProviderProfile['profileInfo']): ProviderFormValues {
  return textValues(info, FIELDS);
}

/** SPEC.md §5 "Provider profile": the editable fields of SPEC.md §3. */
export function ProviderProfileForm({ profile }: { profile: ProviderProfile }) {
  const { t } = useTranslation();
  const lists = usePreferenceOptions();
  const categories = useTherapyCategories();
  return (
    <Card
      headingId="provider-profile-heading"
      title={t('profileScreens.provider.heading')}
      description={t('profileScreens.provider.intro')}
    >
      <LoadGate query={lists}>
        {(listData) => (
          <LoadGate query={categories}>
            {(categoryData) => (
              <ProviderProfileFields info={profile.profileInfo} lists={listData} categories={categoryData} />
            )}
          </LoadGate>
        )}
      </LoadGate>
    </Card>
  );
}

function ProviderProfileFields({
  info,
  lists,
  categories,
}: {
  info: ProviderProfile['profileInfo'];
  lists: PreferenceOptions;
  categories: TherapyCategory[];
}) {
  const { t } = useTranslation();
  const update = useUpdateProviderInfo();
  const form = useProfileForm<ProviderFormValues, ProviderInfoUpdate, ProviderProfile>({
    schema: ProviderInfoUpdateSchema,
    defaultValues: toValues(info),
    fields: FIELDS,
    save: update.mutateAsync,
    onSaved: (saved, { reset }) => reset(toValues(saved.profileInfo)),
  });
  const { register, watch, error, onSubmit } = form;

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="provider-profile-heading" className="flex flex-col gap-6">
      <FormSection title={t('profileScreens.sections.personal')}>
        <FirstNameField required error={error('firstName')} {...register('firstName')} />
        <LastNameField required error={error('lastName')} {...register('lastName')} />
        <Field
          label={t('profileScreens.fields.phoneNumber')}
          type="tel"
          autoComplete="tel"
          required
          hint={t('profileScreens.fields.phoneHint')}
          error={error('phoneNumber')}
          {...register('phoneNumber')}
        />
        <DateOfBirthField error={error('dob')} {...register('dob')} />
        <GenderField required error={error('gender')} {...register('gender')} />
        <EthnicityField
          lists={lists}
          required
          error={error('ethnicityIdentifier')}
          {...register('ethnicityIdentifier')}
        />
        <ReligionField lists={lists} error={error('religionIdentifier')} {...register('religionIdentifier')} />
      </FormSection>
      <FormSection title={t('profileScreens.sections.practice')}>
        <TitleField error={error('title')} {...register('title')} />
        <Field
          label={t('profileScreens.fields.headline')}
          hint={t('profileScreens.fields.headlineHint')}
          error={error('headline')}
          {...register('headline')}
        />
        <SelectField
          label={t('profileScreens.fields.discipline')}
          emptyLabel={t('profileScreens.notSpecified')}
          options={namedOptions(categories)}
          error={error('disciplineIdentifier')}
          {...register('disciplineIdentifier')}
        />
        <TextAreaField
          label={t('profileScreens.fields.bio')}
          hint={t('profileScreens.fields.bioHint')}
          maxLength={2000}
          className="sm:col-span-2"
          error={error('bio')}
          {...register('bio')}
        />
      </FormSection>
      <FormSection title={t('profileScreens.sections.office')}>
        <ProfileLocationFields form={form} error={error} idPrefix="provider" scope="operating" />
        {watch('countryIdentifier') && watch('countryIdentifier') !== info.countryIdentifier ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:col-span-2">
            {t('profileScreens.provider.countryChange')}
          </p>
        ) : null}
        <OfficeAddressField error={error('officeAddress')} {...register('officeAddress')} />
        <ZipCodeField error={error('zipCode')} {...register('zipCode')} />
      </FormSection>
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending}>
          {t('profileScreens.saveChanges')}
        </Button>
      </div>
    </form>
  );
}
